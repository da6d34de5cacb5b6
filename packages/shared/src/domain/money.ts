/**
 * Money is integer cents (J$ 1,234.50 is 123450): sums and percentages are exact, so 0.1 + 0.2
 * never bills 0.30000000000000004. The database and the API carry amounts in major units with two
 * decimals; convert at the edge with toCents / fromCents and compute in cents between.
 */
export type Cents = number;

/** 12.345 → 1235: the amount in cents, rounded half away from zero like a till. */
export function toCents(amount: number): Cents {
  const cents = Math.round(Math.abs(amount) * 100 + 1e-7) * Math.sign(amount);
  return cents === 0 ? 0 : cents;
}

export const fromCents = (cents: Cents): number => cents / 100;

export const sumCents = (...amounts: readonly Cents[]): Cents => amounts.reduce((total, cents) => total + cents, 0);

/** `percent` per cent of an amount, rounded to the cent (GCT 15 % of 650.00 is 97.50). */
export const percentOfCents = (cents: Cents, percent: number): Cents => Math.round((cents * percent) / 100);
