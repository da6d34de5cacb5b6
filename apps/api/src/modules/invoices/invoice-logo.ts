import { and, eq } from 'drizzle-orm';
import { Jimp, PNGColorType } from 'jimp';
import type { DbOrTx } from '../../db/client';
import { couriers, storedFiles } from '../../db/schema/index';
import { sniff } from '../../lib/file-types';

const LOGO_URL = /\/api\/files\/([0-9a-f-]{36})$/i;
/** The logo prints in a 72 × 56 pt box; four pixels a point is finer than any counter printer. */
const PRINT_BOX = { w: 288, h: 224 };
/** Logos kept ready (a few hundred KB at most each): one per courier that prints invoices. */
const CACHED = 64;

/**
 * The logo as pdfkit embeds it without work: a JPEG as it is (pdfkit copies its bytes), a PNG
 * scaled to the print box, laid on white (the paper) and written as RGB without alpha, which
 * pdfkit also copies as it is. A PNG with alpha as uploaded made pdfkit decode every pixel and
 * compress the colour and alpha again on every invoice (issue 13, "Performance"). Null when the
 * bytes are neither or cannot be read: the invoice prints the courier's name alone.
 */
async function printableLogo(data: Buffer): Promise<Buffer | null> {
  const kind = sniff(data);
  if (kind === 'jpeg') return data;
  if (kind !== 'png') return null;
  try {
    const image = await Jimp.fromBuffer(data);
    if (image.bitmap.width > PRINT_BOX.w || image.bitmap.height > PRINT_BOX.h) image.scaleToFit(PRINT_BOX);
    const paper = new Jimp({ width: image.bitmap.width, height: image.bitmap.height, color: 0xffffffff });
    paper.composite(image, 0, 0);
    return await paper.getBuffer('image/png', { colorType: PNGColorType.COLOR });
  } catch {
    return null;
  }
}

/**
 * Prepared logos by courier and stored file. A new logo is a new stored file with a new id (and
 * the courier's logo_url names it), so an entry is never stale: the courier's current logo_url is
 * read on every request and a replaced logo simply stops being asked for. The courier is in the
 * key and in the read, so one courier's entry never serves another.
 */
const prepared = new Map<string, Promise<Buffer | null>>();

/** The courier's logo ready for an invoice PDF, or null (no logo, or none pdfkit can draw). */
export async function loadCourierLogo(db: DbOrTx, courierId: string): Promise<Buffer | null> {
  const [courier] = await db.select({ logoUrl: couriers.logoUrl }).from(couriers).where(eq(couriers.id, courierId));
  const fileId = courier?.logoUrl ? LOGO_URL.exec(courier.logoUrl)?.[1]?.toLowerCase() : undefined;
  if (!fileId) return null;
  const key = `${courierId}:${fileId}`;
  let logo = prepared.get(key);
  if (logo) {
    // Most recently used last, so the oldest is the first evicted.
    prepared.delete(key);
  } else {
    logo = db.select({ data: storedFiles.data }).from(storedFiles)
      .where(and(eq(storedFiles.id, fileId), eq(storedFiles.courierId, courierId), eq(storedFiles.kind, 'logo')))
      .then(([file]) => (file ? printableLogo(file.data) : null));
    // A failed read is not remembered: the next invoice tries again.
    logo.catch(() => prepared.delete(key));
  }
  prepared.set(key, logo);
  if (prepared.size > CACHED) prepared.delete(prepared.keys().next().value!);
  return logo;
}
