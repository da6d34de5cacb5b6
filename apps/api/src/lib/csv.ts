/**
 * CSV as RFC 4180 writes it (manifest and report exports). A text cell a spreadsheet would run as
 * a formula (=, +, -, @, tab, CR) is written with a leading ' so it stays text.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csv = (rows: (string | number)[][]) => `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
