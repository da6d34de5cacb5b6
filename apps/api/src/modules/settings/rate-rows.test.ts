import { describe, expect, it } from 'vitest';
import { shippingRateSchema } from '@parceldesk/shared/schemas/settings';
import { BULK_MSG, readRateRows } from './rate-rows';
import type { Cell } from '../../lib/spreadsheet-parser';

const header: Cell[] = [{ t: 's', v: 'weight' }, { t: 's', v: 'cost' }];

describe('readRateRows', () => {
  it('accepts exactly the rows the Create Rate form accepts, with the form\'s messages', () => {
    const weights = ['1', ' 2 lbs ', '1.5lb', '3 pounds', '0', '100000', '100001', '1e3', 'x'.repeat(41), `${'1'.repeat(39)}`, '', 'ten'];
    const costs = [0, 0.07, 0.1, 1.005, 650, 1100.5, 10_000_000, 10_000_000.01, 1e-7, 123.456, -1];
    const rows: Cell[][] = [header];
    for (const weight of weights) for (const cost of costs) rows.push([{ t: 's', v: weight }, { t: 'n', v: cost }]);
    const result = readRateRows(rows);
    const invalidByRow = new Map(result.invalid.map((r) => [r.row, r.reason]));
    let row = 1;
    for (const weight of weights) {
      for (const cost of costs) {
        row += 1;
        const schema = shippingRateSchema.safeParse({ weight: weight.trim(), cost });
        if (weight.trim() === '') continue; // a blank weight with a cost is its own case below
        const reason = invalidByRow.get(row);
        if (schema.success) expect(reason === undefined || reason.startsWith('Same weight'), `${weight} / ${cost}: ${reason}`).toBe(true);
        else expect(reason, `${weight} / ${cost}`).toBe(schema.error.issues[0]?.message);
      }
    }
  });

  it('skips blank rows, counts the rest, and needs the header', () => {
    const result = readRateRows([[], header, [null, null], [{ t: 's', v: '' }, { t: 'n', v: 5 }], [{ t: 'n', v: 2 }, { t: 's', v: ' 650 ' }]]);
    expect(result.total).toBe(2);
    expect(result.valid).toEqual([{ weight: '2', weightLbs: 2, cost: 650 }]);
    expect(result.invalid).toEqual([{ row: 4, weight: '', cost: '5', reason: 'Weight is required' }]);
    expect(() => readRateRows([[{ t: 's', v: 'weight' }, { t: 's', v: 'price' }]])).toThrow(BULK_MSG.headerMissing);
  });

  it('refuses formula-like text in either column, including tab and carriage-return prefixes', () => {
    const cells = ['=1+1', '+1', '-1', '@A1', '\t=1', '\r1', '  =1'];
    const result = readRateRows([header, ...cells.map((v): Cell[] => [{ t: 'n', v: 1 }, { t: 's', v }]), [{ t: 'f', v: '=A1' }, { t: 'n', v: 1 }]]);
    expect(result.valid).toEqual([]);
    expect(result.invalid.map((r) => r.reason)).toEqual(Array(cells.length + 1).fill(BULK_MSG.formula));
  });
});
