/** "2.50 lb"; '' when unknown. */
export function formatWeight(pounds: number | null | undefined): string {
  return pounds === null || pounds === undefined ? '' : `${pounds.toFixed(2)} lb`;
}

/** "US$ 1,234.50"; '' when unknown. */
export function formatUsd(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  return `US$ ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "12 × 10 × 8 in"; '' when not measured. */
export function formatDimensions(d: { length: number | null; width: number | null; height: number | null }): string {
  return d.length && d.width && d.height ? `${d.length} × ${d.width} × ${d.height} in` : '';
}
