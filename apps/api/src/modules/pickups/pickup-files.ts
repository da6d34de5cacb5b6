import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Jimp } from 'jimp';
import {
  AUTHORISATION_LETTER_FIELD, AUTHORISATION_LETTER_MAX_BYTES, PICKUP_MSG, SIGNATURE_DATA_URL_PREFIX, SIGNATURE_MAX_BYTES, type AuthorisationLetter,
} from '@parceldesk/shared/schemas/pickups';
import type { DbOrTx } from '../../db/client';
import { storedFiles } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';
import { AppError, badRequest } from '../../lib/app-error';
import { cleanFileName, CONTENT_TYPES, sniff } from '../../lib/file-types';
import { readUpload } from '../../lib/multipart';
import { counterCourier } from './counter-reads';

/** A pad's PNG is at most a large tablet at twice its size; anything bigger is not a signature. */
const SIGNATURE_MAX_SIDE = 4096;
const SIGNATURE_MAX_PIXELS = 4_000_000;

const signatureError = (message: string) => badRequest(message, { signature: message });

/** Width and height from a PNG's IHDR, read before decoding so a tiny file cannot claim a huge canvas. */
function pngSize(data: Buffer): { width: number; height: number } | null {
  if (data.length < 24 || data.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/**
 * The signature as drawn (a PNG data URL) made safe to keep: PNG by its bytes, a sane size, at
 * least one inked pixel (a blank pad is not a signature), decoded and encoded again so nothing
 * but the pixels is stored (no text chunks, no other payload).
 */
export async function signaturePng(dataUrl: string): Promise<Buffer> {
  const base64 = dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw signatureError(PICKUP_MSG.signatureInvalid);
  const data = Buffer.from(base64, 'base64');
  if (data.length > SIGNATURE_MAX_BYTES) throw new AppError(413, PICKUP_MSG.signatureTooLarge, { signature: PICKUP_MSG.signatureTooLarge });
  if (sniff(data) !== 'png') throw signatureError(PICKUP_MSG.signatureInvalid);
  const size = pngSize(data);
  if (!size || size.width === 0 || size.height === 0) throw signatureError(PICKUP_MSG.signatureInvalid);
  if (size.width > SIGNATURE_MAX_SIDE || size.height > SIGNATURE_MAX_SIDE || size.width * size.height > SIGNATURE_MAX_PIXELS) {
    throw new AppError(413, PICKUP_MSG.signatureTooLarge, { signature: PICKUP_MSG.signatureTooLarge });
  }
  let image: Awaited<ReturnType<typeof Jimp.fromBuffer>>;
  try {
    image = await Jimp.fromBuffer(data);
  } catch {
    throw signatureError(PICKUP_MSG.signatureInvalid);
  }
  const pixels = image.bitmap.data;
  let inked = false;
  for (let i = 0; i + 3 < pixels.length; i += 4) {
    // A visible, darker-than-paper pixel.
    if ((pixels[i + 3] ?? 0) > 32 && Math.min(pixels[i] ?? 255, pixels[i + 1] ?? 255, pixels[i + 2] ?? 255) < 160) { inked = true; break; }
  }
  if (!inked) throw signatureError(PICKUP_MSG.signatureRequired);
  return image.getBuffer('image/png');
}

/** Stores the signature PNG for a pickup (a stored file like logos and package photos). */
export async function storeSignature(tx: DbOrTx, courierId: string, png: Buffer, pickupHint: string): Promise<string> {
  const [row] = await tx.insert(storedFiles).values({
    courierId, kind: 'pickup_signature', fileName: `signature-${pickupHint}.png`, contentType: CONTENT_TYPES.png, sizeBytes: png.length, data: png,
  }).returning({ id: storedFiles.id });
  if (!row) throw new Error('signature insert returned nothing');
  return row.id;
}

const LETTER_TYPES = { pdf: CONTENT_TYPES.pdf, jpeg: CONTENT_TYPES.jpeg, png: CONTENT_TYPES.png } as const;

export interface LetterFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/**
 * POST /pickups/authorisation-letters, reading: the customer's letter, PDF, JPG or PNG by its
 * bytes, < 10 MB. Read before the transaction opens, so a slow upload holds no connection.
 */
export async function readAuthorisationLetter(request: FastifyRequest): Promise<LetterFile> {
  const upload = await readUpload(request, { fileField: AUTHORISATION_LETTER_FIELD, maxBytes: AUTHORISATION_LETTER_MAX_BYTES, tooLarge: PICKUP_MSG.letterTooLarge });
  if (!upload.file) throw badRequest(PICKUP_MSG.letterRequired, { [AUTHORISATION_LETTER_FIELD]: PICKUP_MSG.letterRequired });
  const kind = sniff(upload.file.data);
  if (kind !== 'pdf' && kind !== 'jpeg' && kind !== 'png') {
    throw new AppError(415, PICKUP_MSG.letterWrongType, { [AUTHORISATION_LETTER_FIELD]: PICKUP_MSG.letterWrongType });
  }
  const fallback = kind === 'pdf' ? 'authorisation-letter.pdf' : `authorisation-letter.${kind === 'jpeg' ? 'jpg' : 'png'}`;
  return { fileName: cleanFileName(upload.file.fileName, fallback), contentType: LETTER_TYPES[kind], data: upload.file.data };
}

/**
 * Keeps the letter for the pickup that names it next: uploaded before the release so the signing
 * page confirms in one JSON request; a letter serves one pickup (pickups_letter_key).
 */
export async function storeAuthorisationLetter(tx: DbOrTx, options: { actor: Actor; file: LetterFile }): Promise<AuthorisationLetter> {
  const courierId = counterCourier(options.actor.scope);
  const { fileName, contentType, data } = options.file;
  const [row] = await tx.insert(storedFiles).values({ courierId, kind: 'pickup_letter', fileName, contentType, sizeBytes: data.length, data })
    .returning({ id: storedFiles.id });
  if (!row) throw new Error('letter insert returned nothing');
  await auditAction(tx, options.actor, {
    courierId, action: 'pickup.letter_uploaded', targetType: 'stored_file', targetId: row.id, details: { fileName, contentType, sizeBytes: data.length },
  });
  return { id: row.id, fileName, contentType, sizeBytes: data.length };
}

/** A letter uploaded for this courier's counter, or 400 (another courier's id is simply not one). */
export async function letterForPickup(tx: DbOrTx, courierId: string, fileId: string): Promise<AuthorisationLetter> {
  const [row] = await tx.select({ id: storedFiles.id, fileName: storedFiles.fileName, contentType: storedFiles.contentType, sizeBytes: storedFiles.sizeBytes })
    .from(storedFiles).where(and(eq(storedFiles.courierId, courierId), eq(storedFiles.id, fileId), eq(storedFiles.kind, 'pickup_letter')));
  if (!row) throw badRequest(PICKUP_MSG.letterInvalid, { authorisationLetterFileId: PICKUP_MSG.letterInvalid });
  return row;
}
