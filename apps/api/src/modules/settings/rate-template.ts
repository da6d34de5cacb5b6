import { createRequire } from 'node:module';
import { CONTENT_TYPES } from '../../lib/file-types';

type Xlsx = typeof import('xlsx');
let xlsx: Xlsx | undefined;
/** Loaded on first use (it is large); required as CommonJS, which it is, under tsx, vitest and the bundle alike. */
const loadXlsx = (): Xlsx => (xlsx ??= createRequire(import.meta.url)('xlsx') as Xlsx);

/** The header and two example rows of the bulk upload template (weights as couriers type them). */
export const TEMPLATE_ROWS: readonly (readonly [string, number])[] = [['1 lb', 650], ['2.5 lbs', 1100]];

/**
 * shipping_rates_template.xlsx (a real workbook, written by xlsx: writing our own data is safe,
 * only parsing uploads is isolated) or shipping_rates_template.csv.
 */
export async function rateTemplate(format: 'excel' | 'csv'): Promise<{ fileName: string; contentType: string; data: Buffer }> {
  if (format === 'csv') {
    const text = ['weight,cost', ...TEMPLATE_ROWS.map(([weight, cost]) => `${weight},${cost}`)].join('\r\n') + '\r\n';
    return { fileName: 'shipping_rates_template.csv', contentType: CONTENT_TYPES.csv, data: Buffer.from(text, 'utf8') };
  }
  const XLSX = loadXlsx();
  const sheet = XLSX.utils.aoa_to_sheet([['weight', 'cost'], ...TEMPLATE_ROWS.map((row) => [...row])]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Shipping rates');
  const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  return { fileName: 'shipping_rates_template.xlsx', contentType: CONTENT_TYPES.xlsx, data };
}
