import { formatMoney } from '@parceldesk/shared/domain/money';
import type { ReportColumn } from '@parceldesk/shared/schemas/reports';

/** A report figure as people read it: J$ and US$ amounts, pounds, counts with separators. */
export function formatCell(column: ReportColumn, value: string | number | null | undefined): string {
  if (column.kind === 'text') return String(value ?? '');
  const n = Number(value ?? 0);
  switch (column.kind) {
    case 'money': return formatMoney(n, 'JMD');
    case 'usd': return formatMoney(n, 'USD');
    case 'weight': return `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} lb`;
    default: return n.toLocaleString('en-US');
  }
}
