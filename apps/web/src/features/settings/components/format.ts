/** Money as the settings tables show it: two decimals in the reader's locale. */
export function formatMoney(value: number | string | null | undefined): string {
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? amount.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '';
}
