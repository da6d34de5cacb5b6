import { formatMoney, type Cents } from '@parceldesk/shared/domain/money';

/**
 * The one money display of the web (issue 13 "Money"): integer cents in, "J$1,234.50" out, or
 * "US$1,234.50" for a value in dollars. Defined once in packages/shared/src/domain/money.ts so
 * PDFs and emails print the same text.
 */
export { formatMoney };

export const formatJmd = (cents: Cents): string => formatMoney(cents, 'JMD');
export const formatUsd = (cents: Cents): string => formatMoney(cents, 'USD');
