import { describe, expect, it, vi } from 'vitest';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import { CSV_BOM, csvBlob, exportMatrix, fetchAllRows, neutraliseCell, toCsv } from './export';
import type { DataTableColumn } from './types';

describe('neutraliseCell (OWASP CSV injection)', () => {
  it('prefixes text starting with = + - @ tab or CR with a single quote', () => {
    for (const risky of ['=SUM(A1:A2)', '+1234', '-2+3+cmd|/C calc!A0', '@SUM(1)', '\t=1', '\r=1']) {
      expect(neutraliseCell(risky)).toBe(`'${risky}`);
    }
  });

  it('leaves other text, numbers (even negative) and blanks alone', () => {
    expect(neutraliseCell('Alice = Bob')).toBe('Alice = Bob');
    expect(neutraliseCell('KIN-1001')).toBe('KIN-1001');
    expect(neutraliseCell(-12.5)).toBe(-12.5);
    expect(neutraliseCell(0)).toBe(0);
    expect(neutraliseCell(null)).toBe('');
    expect(neutraliseCell('')).toBe('');
  });
});

describe('toCsv (RFC 4180)', () => {
  it('quotes fields holding commas, quotes and line breaks, and ends lines with CRLF', () => {
    const csv = toCsv({
      header: ['Name', 'Note', 'Amount'],
      body: [
        ['Brown, Ann', 'said "hi"', 12.5],
        ['Lee', 'two\nlines', null],
        ['Plain', '=HYPERLINK("http://x")', -3],
      ],
    });
    expect(csv).toBe(['Name,Note,Amount', '"Brown, Ann","said ""hi""",12.5', 'Lee,"two\nlines",', `Plain,"'=HYPERLINK(""http://x"")",-3`].join('\r\n'));
  });

  it('is saved as UTF-8 with a BOM', async () => {
    const blob = csvBlob('Name\r\nJosé');
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('Name\r\nJosé'); // TextDecoder drops the BOM it reads
    expect(CSV_BOM).toBe('\uFEFF');
  });
});

interface Row {
  id: string;
  name: string;
  total: number;
  active: boolean;
  branch: string | null;
}

describe('exportMatrix', () => {
  it('uses labels as the header, exportValue or the raw field, and skips non-exportable columns', () => {
    const columns: DataTableColumn<Row>[] = [
      { field: 'name', label: 'Name', render: (row) => `<b>${row.name}</b>` },
      { field: 'total', label: 'Total' },
      { field: 'active', label: 'Active' },
      { field: 'branch', label: 'Branch' },
      { field: 'id', label: 'Code', exportValue: (row) => `C-${row.id}` },
      { field: 'actions', label: 'Actions', exportable: false },
    ];
    const rows: Row[] = [{ id: '7', name: 'Ann', total: 9.5, active: true, branch: null }];
    expect(exportMatrix(columns, rows)).toEqual({ header: ['Name', 'Total', 'Active', 'Branch', 'Code'], body: [['Ann', 9.5, 'Yes', null, 'C-7']] });
  });
});

function pages(total: number) {
  return vi.fn(async (page: number, pageSize: number): Promise<ListResponse<number>> => {
    const start = (page - 1) * pageSize;
    const data = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => start + i);
    return { data, total, page, pageSize, filterOptions: {} };
  });
}

describe('fetchAllRows', () => {
  it('fetches every page 100 rows at a time and reports progress', async () => {
    const fetchPage = pages(250);
    const onProgress = vi.fn();
    const result = await fetchAllRows(fetchPage, { onProgress });
    expect(fetchPage.mock.calls).toEqual([[1, 100], [2, 100], [3, 100]]);
    expect(onProgress.mock.calls).toEqual([[100], [200], [250]]);
    expect(result.rows).toHaveLength(250);
    expect(result.rows.at(-1)).toBe(249);
    expect(result.isTruncated).toBe(false);
  });

  it('stops at the cap and says the export was cut short', async () => {
    const fetchPage = pages(1000);
    const result = await fetchAllRows(fetchPage, { cap: 250 });
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(result.rows).toHaveLength(250);
    expect(result.isTruncated).toBe(true);
  });

  it('asks once for an empty list', async () => {
    const fetchPage = pages(0);
    expect(await fetchAllRows(fetchPage)).toEqual({ rows: [], total: 0, isTruncated: false });
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});
