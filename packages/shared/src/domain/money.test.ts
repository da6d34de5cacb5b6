import { describe, expect, it } from 'vitest';
import { fromCents, percentOfCents, sumCents, toCents } from './money';

describe('money in integer cents', () => {
  it('converts major units to cents and back without float drift', () => {
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
    expect(fromCents(toCents(0.1) + toCents(0.2))).toBe(0.3);
    expect(toCents(1234.5)).toBe(123450);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-2.5)).toBe(-250);
    expect(toCents(0)).toBe(0);
  });

  it('sums and takes percentages to the cent', () => {
    expect(sumCents(65000, 23000, 9750)).toBe(97750);
    expect(sumCents()).toBe(0);
    expect(percentOfCents(65000, 15)).toBe(9750);
    expect(percentOfCents(333, 15)).toBe(50);
  });
});
