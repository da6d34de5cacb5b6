import { useEffect, useRef, useState } from 'react';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import { api, errorMessage } from '../../lib/api-client';
import { saveBlob } from '../../lib/download-file';
import { notify } from '../../lib/toast';
import { csvBlob, EXPORT_ROW_CAP, exportMatrix, fetchAllRows, toCsv, xlsxBlob } from './export';
import { buildListPath, type ListRequest } from './list-request';
import type { DataTableColumn } from './types';

export type ExportFormat = 'csv' | 'xlsx';

interface UseExportOptions<T> {
  endpoint: string;
  request: ListRequest;
  columns: DataTableColumn<T>[];
  fileName: string;
}

/** Exports the current view (its search, filters and sort, every page of it) with a row count as it goes. */
export function useExport<T>({ endpoint, request, columns, fileName }: UseExportOptions<T>) {
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async (format: ExportFormat) => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const { rows, isTruncated } = await fetchAllRows(
        (page, pageSize) => api<ListResponse<T>>(buildListPath(endpoint, { ...request, page, pageSize }), { signal: controller.signal }),
        { onProgress: setProgress, signal: controller.signal },
      );
      const matrix = exportMatrix(columns, rows);
      saveBlob(format === 'csv' ? csvBlob(toCsv(matrix)) : await xlsxBlob(matrix), `${fileName}.${format}`);
      if (isTruncated) notify.warning(`Only the first ${EXPORT_ROW_CAP.toLocaleString('en-US')} rows were exported. Narrow the search or filters to export the rest.`);
    } catch (error) {
      if (!controller.signal.aborted) notify.error(errorMessage(error, 'Export failed. Please try again.'));
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  };
  return { progress, isExporting: progress !== null, run };
}
