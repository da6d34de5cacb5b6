import { describe, expect, it } from 'vitest';
import { BULK_RECEIVE_MSG } from '@parceldesk/shared/schemas/package-scan';
import type { Cell } from '../../uploads/spreadsheet-parser';
import { readReceiveRows } from './receive-rows';

const s = (v: string): Cell => ({ t: 's', v });
const n = (v: number): Cell => ({ t: 'n', v });

describe('readReceiveRows', () => {
  it("reads a warehouse file's columns under the names such files use", () => {
    const { candidates, rejected, total } = readReceiveRows([
      [s('Tracking #'), s('Mailbox'), s('Weight (lb)'), s('Dimensions'), s('Description'), s('Value (USD)'), s('Shipper')],
      [s('1z 999 aa1 0123456784'), s('iex-000123'), n(12.5), s('12 x 10 x 8'), s('Shoes'), s('$1,250.00'), s('Amazon')],
      [s('TBA123456789012'), null, s('3 lb'), null, null, null, null],
    ]);
    expect(total).toBe(2);
    expect(rejected).toEqual([]);
    expect(candidates).toMatchObject([
      { row: 2, input: { trackingNumber: '1z 999 aa1 0123456784', mailboxNumber: 'iex-000123', weight: 12.5, length: 12, width: 10, height: 8, description: 'Shoes', declaredValue: 1250, shipper: 'Amazon', pieces: 1 } },
      { row: 3, input: { trackingNumber: 'TBA123456789012', weight: 3 } },
    ]);
    expect(candidates[1]?.input.mailboxNumber).toBeUndefined();
  });

  it('separate length, width and height columns work too', () => {
    const { candidates } = readReceiveRows([
      [s('tracking'), s('weight'), s('L'), s('W'), s('H')],
      [s('1Z999AA10123456784'), n(2), n(10), n(8), n(4)],
    ]);
    expect(candidates[0]?.input).toMatchObject({ length: 10, width: 8, height: 4 });
  });

  it('gives each bad row the scan station message, and a repeated tracking number is a duplicate of its first row', () => {
    const { candidates, rejected } = readReceiveRows([
      [s('tracking'), s('mailbox'), s('weight'), s('dims')],
      [s('1Z999AA10123456784'), s('IEX-000123'), n(0), null],
      [s('1Z999AA10123456785'), s('IEX-000123'), n(10_000), null],
      [s('12345'), s('IEX-000123'), n(2), null],
      [s('1Z999AA10123456786'), s('IEX-000123'), n(2), s('12 by 10')],
      [s('1Z999AA10123456787'), s('=HYPERLINK("x")'), n(2), null],
      [s('1Z999AA10123456788'), s('IEX-000123'), n(2), null],
      [s('1z999aa1-0123456788'), s('IEX-000124'), n(3), null],
    ]);
    expect(candidates.map((c) => c.row)).toEqual([7]);
    expect(rejected).toEqual([
      { row: 2, trackingNumber: '1Z999AA10123456784', mailboxNumber: 'IEX-000123', outcome: 'invalid', reason: 'Weight must be more than 0 lb' },
      { row: 3, trackingNumber: '1Z999AA10123456785', mailboxNumber: 'IEX-000123', outcome: 'invalid', reason: 'Weight must be at most 1,000 lb' },
      { row: 4, trackingNumber: '12345', mailboxNumber: 'IEX-000123', outcome: 'invalid', reason: 'Tracking number must be 6 to 40 letters or digits' },
      { row: 5, trackingNumber: '1Z999AA10123456786', mailboxNumber: 'IEX-000123', outcome: 'invalid', reason: BULK_RECEIVE_MSG.dimensionsUnreadable },
      { row: 6, trackingNumber: '1Z999AA10123456787', mailboxNumber: '=HYPERLINK("x")', outcome: 'invalid', reason: BULK_RECEIVE_MSG.formula },
      { row: 8, trackingNumber: '1z999aa1-0123456788', mailboxNumber: 'IEX-000124', outcome: 'duplicate', reason: 'Same tracking number as row 7' },
    ]);
  });

  it('refuses a file whose header names no tracking or weight column', () => {
    expect(() => readReceiveRows([[s('weight'), s('cost')], [n(1), n(650)]])).toThrow(BULK_RECEIVE_MSG.headerMissing);
  });
});
