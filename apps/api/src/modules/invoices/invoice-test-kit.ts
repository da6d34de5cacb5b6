import { randomInt } from 'node:crypto';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { PDFParse } from 'pdf-parse';
import type { ReceivePackageResponse } from '@parceldesk/shared/schemas/packages';
import type { App } from '../../app';
import type { Database, DbHandle } from '../../db/client';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, type TestCourier } from '../../test/factories';

/**
 * A realistic Jamaican AIR table (shared/domain.md "Billing"): 1–2 lb J$650, 3 lb 1,200, 4 lb
 * 1,550, 5 lb 1,900 … 10 lb 3,450; processing fee J$230 for 1–10 lb; GCT 15 % on freight.
 */
export const RATE_TABLE: [number, number][] = [[1, 650], [2, 650], [3, 1200], [4, 1550], [5, 1900], [6, 2200], [7, 2500], [8, 2800], [9, 3100], [10, 3450]];

export async function priceCourier(pool: DbHandle['pool'], courierId: string) {
  for (const [lbs, cost] of RATE_TABLE) {
    await pool.query(`insert into shipping_rates (courier_id, weight, weight_lbs, cost) values ($1, $2, $3, $4)`, [courierId, `${lbs}lbs`, lbs, cost]);
  }
  await pool.query(`insert into processing_fees (courier_id, weight_range, min_lbs, max_lbs, fee) values ($1, '1lb to 10lbs', 1, 10, 230)`, [courierId]);
  await pool.query(`insert into courier_fee_settings (courier_id, gct, unknown_fee) values ($1, 15, 500) on conflict (courier_id) do update set gct = 15`, [courierId]);
  await pool.query(`update couriers set bank_details = $2 where id = $1`, [courierId, 'Bank: NCB Half Way Tree\nAccount name: Island Express Ltd\nAccount no. 354-123-456']);
}

/** A priced courier with an admin, a biller (invoices_view + invoices_manage), a reader (invoices_view), a clerk without invoices, two customers. */
export async function invoiceWorld(app: App, database: DbHandle) {
  const db: Database = database.db;
  const courier = await makeCourier(db);
  await priceCourier(database.pool, courier.id);
  const admin = await makeUser(db, { role: 'courier_admin', courier });
  const biller = await makeUser(db, { role: 'staff', courier, permissions: ['invoices_view', 'invoices_manage'] });
  const reader = await makeUser(db, { role: 'staff', courier, permissions: ['invoices_view'] });
  const clerk = await makeUser(db, { role: 'staff', courier, permissions: ['packages_view', 'packages_scan'] });
  const tanya = await makeCustomer(db, courier, { firstName: 'Tanya', lastName: 'Brown' });
  const andre = await makeCustomer(db, courier, { firstName: 'Andre', lastName: 'Reid' });
  return {
    courier, admin, biller, reader, clerk, tanya, andre,
    as: {
      admin: (await signIn(app, admin)).headers,
      biller: (await signIn(app, biller)).headers,
      reader: (await signIn(app, reader)).headers,
      clerk: (await signIn(app, clerk)).headers,
      tanya: (await signInCustomer(app, tanya, courier.apiKey)).headers,
      andre: (await signInCustomer(app, andre, courier.apiKey)).headers,
    },
  };
}
export type InvoiceWorld = Awaited<ReturnType<typeof invoiceWorld>>;

export const trackingNo = () => `1Z${String(randomInt(1, 2 ** 47)).padStart(16, '0')}`;

/** Receives a parcel for a customer through the scan route, as the warehouse does. */
export async function receiveFor(app: App, headers: Record<string, string>, customerId: string, payload: Record<string, unknown> = {}) {
  const response = await app.inject({ method: 'POST', url: '/api/packages/receive', headers, payload: { trackingNumber: trackingNo(), customerId, weight: 2, ...payload } });
  if (response.statusCode !== 201) throw new Error(`receive failed: ${response.statusCode} ${response.body}`);
  return response.json<ReceivePackageResponse>().package;
}

export type { TestCourier };

/**
 * Test helper: renders the first page of an invoice PDF (pdf.js) and reads the Code 128 in its
 * top-right corner (ZXing), as a counter scanner aimed at it would.
 */
export async function readInvoiceBarcode(pdf: Uint8Array): Promise<string | null> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const shots = await parser.getScreenshot({ scale: 2, imageBuffer: true, imageDataUrl: false, first: 1 });
    const image = await loadImage(Buffer.from(shots.pages[0]!.data));
    // The header's right half, above the bill-to block: x from the middle, y down to a quarter of the page.
    const [x, y, width, height] = [Math.floor(image.width / 2), 0, Math.ceil(image.width / 2), Math.floor(image.height / 4)];
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.drawImage(image, -x, -y);
    const { data } = context.getImageData(0, 0, width, height);
    const luminance = new Uint8ClampedArray(width * height);
    for (let i = 0; i < luminance.length; i += 1) {
      luminance[i] = ((data[i * 4] ?? 0) * 299 + (data[i * 4 + 1] ?? 0) * 587 + (data[i * 4 + 2] ?? 0) * 114) / 1000;
    }
    const reader = new MultiFormatReader();
    reader.setHints(new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]], [DecodeHintType.TRY_HARDER, true]]));
    try {
      return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)))).getText();
    } catch {
      return null;
    }
  } finally {
    await parser.destroy();
  }
}
