import { saveBlob } from '../../../../lib/download-file';
import { fetchLabel } from '../api/scan-api';

/**
 * Opens the labels as a PDF in a new tab, where the browser's viewer prints them on the 4×6
 * printer. Returns false when the browser blocked the tab (no click to allow it): the caller then
 * offers a button, which is a click.
 */
export async function openLabelPdf(ids: readonly string[]): Promise<boolean> {
  const blob = await fetchLabel(ids, 'pdf');
  const url = URL.createObjectURL(blob);
  const opened = window.open(url, '_blank');
  // The tab reads the blob at once; it is released after a minute.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return opened !== null;
}

/** ZPL for a Zebra printer: saved as a .zpl file (sent to the printer by its own utility). */
export async function downloadLabelZpl(ids: readonly string[], name: string): Promise<void> {
  saveBlob(await fetchLabel(ids, 'zpl'), `${name}.zpl`);
}
