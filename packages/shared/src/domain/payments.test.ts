import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './domain-error';
import { allocatePayment, centsFromText, textFromCents, type OpenInvoice } from './payments';

const inv = (id: string, balanceCents: number, issuedAt: string): OpenInvoice => ({ id, invoiceNo: `INV-${id}`, balanceCents, issuedAt });
const older = inv('000001', 150000, '2026-10-01T10:00:00Z');
const newer = inv('000002', 80050, '2026-11-01T10:00:00Z');

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('amounts typed in J$', () => {
  it('reads dollars and cents exactly, never through floating point', () => {
    expect(centsFromText('1,234.50')).toBe(123450);
    expect(centsFromText('J$ 0.1')).toBe(10);
    expect(centsFromText('1150.15')).toBe(115015);
    expect(centsFromText('12.345')).toBeNull();
    expect(centsFromText('-5')).toBeNull();
    expect(centsFromText('')).toBeNull();
    expect(textFromCents(123450)).toBe('1234.50');
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => centsFromText(textFromCents(cents)) === cents));
  });
});

describe('allocatePayment', () => {
  it('settles the oldest invoice first, then the next, whatever order they come in', () => {
    expect(allocatePayment({ amountCents: 200000, invoices: [newer, older] })).toEqual([
      { invoiceId: '000001', invoiceNo: 'INV-000001', amountCents: 150000, balanceAfterCents: 0 },
      { invoiceId: '000002', invoiceNo: 'INV-000002', amountCents: 50000, balanceAfterCents: 30050 },
    ]);
  });

  it('takes explicit allocations as given', () => {
    expect(allocatePayment({ amountCents: 90050, invoices: [older, newer], requested: [{ invoiceId: '000002', amountCents: 80050 }, { invoiceId: '000001', amountCents: 10000 }] }))
      .toEqual([
        { invoiceId: '000002', invoiceNo: 'INV-000002', amountCents: 80050, balanceAfterCents: 0 },
        { invoiceId: '000001', invoiceNo: 'INV-000001', amountCents: 10000, balanceAfterCents: 140000 },
      ]);
  });

  it('refuses overpaying an invoice with its number and balance', () => {
    const error = refusal(() => allocatePayment({ amountCents: 80051, invoices: [newer], requested: [{ invoiceId: '000002', amountCents: 80051 }] }));
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe('J$800.51 is more than the balance of invoice INV-000002 (J$800.50). Overpaying an invoice is not allowed.');
  });

  it('refuses paying more than everything owed', () => {
    const error = refusal(() => allocatePayment({ amountCents: 230051, invoices: [older, newer] }));
    expect(error.message).toBe('J$2,300.51 is more than this customer owes on the chosen invoices (J$2,300.50). Overpaying an invoice is not allowed.');
  });

  it('refuses allocations that do not add up, repeat an invoice, or name a settled or unknown one', () => {
    expect(refusal(() => allocatePayment({ amountCents: 1000, invoices: [older], requested: [{ invoiceId: '000001', amountCents: 999 }] })).code).toBe('payment.allocations_sum');
    expect(refusal(() => allocatePayment({ amountCents: 2000, invoices: [older], requested: [{ invoiceId: '000001', amountCents: 1000 }, { invoiceId: '000001', amountCents: 1000 }] })).code)
      .toBe('payment.duplicate_invoice');
    expect(refusal(() => allocatePayment({ amountCents: 100, invoices: [{ ...older, balanceCents: 0 }], requested: [{ invoiceId: '000001', amountCents: 100 }] })).message)
      .toBe('Invoice INV-000001 is not an unpaid invoice of this customer');
    expect(refusal(() => allocatePayment({ amountCents: 100, invoices: [older], requested: [{ invoiceId: 'other', amountCents: 100 }] })).code).toBe('payment.unknown_invoice');
  });

  it('refuses nothing-amounts and fractions of a cent', () => {
    expect(refusal(() => allocatePayment({ amountCents: 0, invoices: [older] })).message).toBe('The amount must be more than J$0.00');
    expect(refusal(() => allocatePayment({ amountCents: 10.5, invoices: [older] })).code).toBe('payment.amount_not_whole');
    expect(refusal(() => allocatePayment({ amountCents: 100, invoices: [] })).message).toBe('This customer has no unpaid invoices');
  });

  const invoicesArb = fc.uniqueArray(
    fc.record({ id: fc.uuid(), balanceCents: fc.integer({ min: 0, max: 5_000_000 }), day: fc.integer({ min: 1, max: 28 }) }),
    { selector: (r) => r.id, minLength: 1, maxLength: 8 },
  ).map((rows) => rows.map((r, i) => inv(r.id, r.balanceCents, `2026-10-${String(r.day).padStart(2, '0')}T0${i}:00:00Z`)));

  it('property: oldest-first allocations add up to the amount, never exceed a balance, and are whole positive cents', () => {
    fc.assert(fc.property(invoicesArb, fc.integer({ min: 1, max: 50_000_000 }), (invoices, amountCents) => {
      const owed = invoices.reduce((sum, i) => sum + i.balanceCents, 0);
      if (amountCents > owed) {
        expect(() => allocatePayment({ amountCents, invoices })).toThrow(DomainError);
        return;
      }
      const allocations = allocatePayment({ amountCents, invoices });
      expect(allocations.reduce((sum, a) => sum + a.amountCents, 0)).toBe(amountCents);
      for (const a of allocations) {
        const invoice = invoices.find((i) => i.id === a.invoiceId)!;
        expect(Number.isInteger(a.amountCents)).toBe(true);
        expect(a.amountCents).toBeGreaterThan(0);
        expect(a.amountCents).toBeLessThanOrEqual(invoice.balanceCents);
        expect(a.balanceAfterCents).toBe(invoice.balanceCents - a.amountCents);
      }
      // Only the last invoice touched may be left partly paid.
      expect(allocations.slice(0, -1).every((a) => a.balanceAfterCents === 0)).toBe(true);
    }));
  });

  it('property: explicit allocations are accepted exactly when each fits its invoice', () => {
    fc.assert(fc.property(invoicesArb, fc.array(fc.integer({ min: 1, max: 6_000_000 }), { minLength: 1, maxLength: 8 }), (invoices, amounts) => {
      const requested = invoices.slice(0, amounts.length).map((invoice, i) => ({ invoiceId: invoice.id, amountCents: amounts[i] ?? 1 }));
      const amountCents = requested.reduce((sum, r) => sum + r.amountCents, 0);
      const fits = requested.every((r) => r.amountCents <= invoices.find((i) => i.id === r.invoiceId)!.balanceCents);
      if (!fits) {
        expect(() => allocatePayment({ amountCents, invoices, requested })).toThrow(DomainError);
        return;
      }
      const allocations = allocatePayment({ amountCents, invoices, requested });
      expect(allocations.map((a) => [a.invoiceId, a.amountCents])).toEqual(requested.map((r) => [r.invoiceId, r.amountCents]));
    }));
  });
});
