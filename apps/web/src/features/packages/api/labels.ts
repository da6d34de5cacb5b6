import { downloadFile } from '../../../lib/download-file';

export type LabelFormat = 'pdf' | 'zpl';

/** GET /packages/{id}/label?format=pdf|zpl: one package's 4×6 label (pieces "1 of 2" each get a page). */
export function downloadLabel(id: string, packageNumber: string, format: LabelFormat): Promise<string> {
  return downloadFile(`/packages/${encodeURIComponent(id)}/label?format=${format}`, { fallbackName: `label-${packageNumber}.${format}` });
}

/** POST /packages/labels?format=: the labels of the selected packages in one file (a multi-page PDF, or one ZPL file). */
export function downloadLabels(ids: readonly string[], format: LabelFormat): Promise<string> {
  return downloadFile(`/packages/labels?format=${format}`, { fallbackName: `labels.${format}`, body: { ids } });
}
