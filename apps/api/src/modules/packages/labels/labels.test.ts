import { describe, expect, it } from 'vitest';
import { labelsForPieces, type LabelData } from './label-data';
import { renderLabelsPdf } from './label-pdf';
import { readLabelPdf } from './label-test-kit';
import { renderLabelsZpl, zplText } from './label-zpl';

const base: Omit<LabelData, 'piece'> = {
  courierName: 'Island Express Courier',
  packageNumber: 'IEX-P-0004312',
  trackingNumber: '1Z999AA10123456784',
  customerName: 'Tanya Brown-Ébanks',
  mailboxNumber: 'IEX-000123',
  branchName: 'Half Way Tree',
  service: 'SEA',
  weight: 12.5,
  pieces: 2,
  // 03:30 UTC on the 25th is still the 24th in Kingston.
  receivedAt: new Date('2026-11-25T03:30:00Z'),
  isUnknown: false,
};

describe('package labels', () => {
  it('prints one 4×6 PDF page per piece whose barcodes scan back to the package number', async () => {
    const pdf = await renderLabelsPdf(labelsForPieces(base));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // 4×6 inches: 288×432 points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 288 432\]/);
    const pages = await readLabelPdf(pdf);
    expect(pages).toHaveLength(2);
    pages.forEach((page, index) => {
      expect(page.code128).toBe('IEX-P-0004312');
      expect(page.qr).toBe('IEX-P-0004312');
      for (const text of ['Tanya Brown-Ébanks', 'IEX-000123', 'Pickup: Half Way Tree', 'SEA', '12.50 lb', `${index + 1} of 2`, '24 Nov 2026', '1Z999AA10123456784']) {
        expect(page.text).toContain(text);
      }
    });
  });

  it('marks an unknown package as such, with the name read off its label', async () => {
    const pages = await readLabelPdf(await renderLabelsPdf(labelsForPieces({ ...base, pieces: 1, isUnknown: true, customerName: 'J. Smith', mailboxNumber: '' })));
    expect(pages[0]?.text).toContain('UNKNOWN: J. Smith');
    expect(pages[0]?.text).toContain('1 of 1');
  });

  it('writes ZPL for a 203 dpi Zebra: one ^XA…^XZ per piece, Code 128 and QR of the package number', () => {
    const zpl = renderLabelsZpl(labelsForPieces(base));
    const blocks = zpl.trim().split(/\n(?=\^XA)/);
    expect(blocks).toHaveLength(2);
    const first = blocks[0] ?? '';
    expect(first.startsWith('^XA')).toBe(true);
    expect(first.endsWith('^XZ')).toBe(true);
    expect(first).toContain('^PW812');
    expect(first).toContain('^LL1218');
    expect(first).toMatch(/\^BCN,220,Y,N,N,A\^FH_\^FDIEX-P-0004312\^FS/);
    expect(first).toContain('^BQN,2,8^FH_^FDQA,IEX-P-0004312^FS');
    for (const text of ['Tanya Brown-Ébanks', 'IEX-000123', 'Pickup: Half Way Tree', '^FDSEA^FS', '12.50 lb', '1 of 2', '24 Nov 2026', '1Z999AA10123456784']) {
      expect(first).toContain(text);
    }
    expect(blocks[1]).toContain('2 of 2');
  });

  it('a name cannot inject ZPL commands', () => {
    expect(zplText('A^XZ~JR_x')).toBe('A_5EXZ_7EJR_5Fx');
    const zpl = renderLabelsZpl(labelsForPieces({ ...base, pieces: 1, customerName: 'Evil^XZ^XA~PS' }));
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
  });
});
