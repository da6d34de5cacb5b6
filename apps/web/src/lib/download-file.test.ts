import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { downloadFile, fileNameFromDisposition } from './download-file';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, then the plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename="rates.pdf"; filename*=UTF-8''Tarifs%20%C3%A9t%C3%A9.pdf`)).toBe('Tarifs été.pdf');
    expect(fileNameFromDisposition('attachment; filename="Island rates 2026.xlsx"')).toBe('Island rates 2026.xlsx');
    expect(fileNameFromDisposition('attachment; filename=rates.csv')).toBe('rates.csv');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('downloadFile', () => {
  const clicked: { href: string; download: string }[] = [];
  beforeEach(() => {
    localStorage.setItem('token', 'jwt-1');
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clicked.length = 0;
    localStorage.clear();
  });

  it('fetches with the bearer token and saves under the name the server suggests', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('%PDF-1.4', { headers: { 'content-disposition': 'attachment; filename="rates.pdf"' } }),
    );
    await expect(downloadFile('/rate-sheet/download', { fallbackName: 'rate-sheet' })).resolves.toBe('rates.pdf');
    expect(fetchMock).toHaveBeenCalledWith('/api/rate-sheet/download', { headers: { authorization: 'Bearer jwt-1' } });
    expect(clicked).toEqual([{ href: 'blob:file', download: 'rates.pdf' }]);
  });

  it('POSTs a body as JSON when the file is made from one (labels of chosen packages)', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } }));
    await expect(downloadFile('/packages/labels?format=pdf', { fallbackName: 'labels.pdf', body: { ids: ['p1', 'p2'] } })).resolves.toBe('labels.pdf');
    expect(fetchMock).toHaveBeenCalledWith('/api/packages/labels?format=pdf', {
      method: 'POST', headers: { authorization: 'Bearer jwt-1', 'content-type': 'application/json' }, body: '{"ids":["p1","p2"]}',
    });
  });

  it('uses a fixed name when asked to', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('weight,cost', { headers: { 'content-disposition': 'attachment; filename="x.csv"' } }));
    await downloadFile('/settings/shipping-rates/template?format=csv', { fallbackName: 'a', fileName: 'shipping_rates_template.csv' });
    expect(clicked[0]?.download).toBe('shipping_rates_template.csv');
  });

  it("throws the server's message and saves nothing on failure", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ message: 'No rate sheet uploaded yet.' }), { status: 404 }));
    await expect(downloadFile('/rate-sheet/download', { fallbackName: 'x' })).rejects.toEqual(new ApiError(404, 'No rate sheet uploaded yet.'));
    expect(clicked).toEqual([]);
  });
});
