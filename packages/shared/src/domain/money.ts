/**
 * Money is integer cents (J$ 1,234.50 is 123450): sums and percentages are exact, so 0.1 + 0.2
 * never bills 0.30000000000000004. Pricing, customs and the API compute in cents; the older
 * settings tables still hold major units with two decimals, converted at the edge with
 * toCents / fromCents. Every rounding of a computed amount goes through `divideHalfUp`: half a
 * cent or more rounds away from zero, like a till.
 */
export type Cents = number;

/** 12.345 → 1235: the amount in cents, rounded half away from zero like a till. */
export function toCents(amount: number): Cents {
  const cents = Math.round(Math.abs(amount) * 100 + 1e-7) * Math.sign(amount);
  return cents === 0 ? 0 : cents;
}

export const fromCents = (cents: Cents): number => cents / 100;

export const sumCents = (...amounts: readonly Cents[]): Cents => amounts.reduce((total, cents) => total + cents, 0);

/**
 * THE rounding helper: numerator ÷ denominator rounded half away from zero, computed on exact
 * integers (BigInt), so 49.95 → 50 and -0.5 → -1 with no binary-fraction surprises. Both
 * arguments must be integers; the denominator positive.
 */
export function divideHalfUp(numerator: bigint | number, denominator: bigint | number): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d <= 0n) throw new Error(`divideHalfUp needs a positive denominator, got ${d}`);
  const magnitude = n < 0n ? -n : n;
  const rounded = (2n * magnitude + d) / (2n * d);
  const result = Number(n < 0n ? -rounded : rounded);
  return result === 0 ? 0 : result;
}

/** Percentages are kept to 4 decimals (16.5 % is 165000 millionths), enough for 0.3 % SCF. */
const PERCENT_SCALE = 10_000;
export const percentUnits = (percent: number): number => Math.round(percent * PERCENT_SCALE);

/** `percent` per cent of an amount, rounded half-up to the cent (GCT 15 % of 650.00 is 97.50). */
export const percentOfCents = (cents: Cents, percent: number): Cents =>
  divideHalfUp(BigInt(Math.round(cents)) * BigInt(percentUnits(percent)), 100 * PERCENT_SCALE);

/** Major units for display and forms: 123450 → "1,234.50". */
export function formatAmount(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

export type Currency = 'JMD' | 'USD';
const SYMBOL: Record<Currency, string> = { JMD: 'J$', USD: 'US$' };

/** The one money display: 123450 → "J$1,234.50"; in US$ "US$1,234.50"; negatives "-J$350.00". */
export function formatMoney(cents: Cents, currency: Currency = 'JMD'): string {
  const text = formatAmount(cents);
  return text.startsWith('-') ? `-${SYMBOL[currency]}${text.slice(1)}` : `${SYMBOL[currency]}${text}`;
}
