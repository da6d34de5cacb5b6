import { Jimp } from 'jimp';
import { PACKAGE_MSG, PACKAGE_PHOTO_MAX_PIXELS, PACKAGE_PHOTO_MAX_SIDE } from '@parceldesk/shared/schemas/packages';
import { AppError, badRequest } from './app-error';
import { cleanFileName, CONTENT_TYPES, extensionOf, sniff } from './file-types';

/*
 * Photos taken by staff (issue 11: a package's photos; issue 12: a damaged parcel at the
 * reconciliation): judged by their bytes, decoded, resized and encoded again. Here so every
 * feature that takes a photo prepares it the same way (docs/decisions/010-packages.md, "Photos").
 */

export const PHOTO_FIELD = 'photo';

/**
 * The pixel size a JPEG or PNG declares in its header (PNG: IHDR; JPEG: the first SOFn marker),
 * read before decoding so a small file that claims a huge canvas is refused cheaply.
 */
export function imageDimensions(data: Buffer, kind: 'jpeg' | 'png'): { width: number; height: number } | null {
  if (kind === 'png') {
    if (data.length < 24 || data.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  let offset = 2;
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1] ?? 0;
    if (marker === 0xff) { offset += 1; continue; }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { offset += 2; continue; }
    const length = data.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return offset + 9 <= data.length ? { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) } : null;
    if (marker === 0xd9 || marker === 0xda) return null;
    offset += 2 + length;
  }
  return null;
}

/** The size a photo is stored at: the long side at most PACKAGE_PHOTO_MAX_SIDE, never enlarged. */
export function fittedSize(width: number, height: number, maxSide = PACKAGE_PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface PreparedPhoto {
  fileName: string;
  contentType: string;
  data: Buffer;
  width: number;
  height: number;
}

/**
 * A JPG or PNG judged by its bytes, decoded (turned upright by its EXIF orientation), resized to
 * fit PACKAGE_PHOTO_MAX_SIDE and encoded again in its own format. Re-encoding also drops the
 * camera's metadata (GPS position, device), which a customer has no need to see.
 */
export async function preparePhoto(file: { fileName: string; data: Buffer }): Promise<PreparedPhoto> {
  const kind = sniff(file.data);
  if (kind !== 'jpeg' && kind !== 'png') throw new AppError(415, PACKAGE_MSG.photoWrongType, { [PHOTO_FIELD]: PACKAGE_MSG.photoWrongType });
  const declared = imageDimensions(file.data, kind);
  if (!declared || declared.width === 0 || declared.height === 0) throw badRequest(PACKAGE_MSG.photoUnreadable, { [PHOTO_FIELD]: PACKAGE_MSG.photoUnreadable });
  if (declared.width * declared.height > PACKAGE_PHOTO_MAX_PIXELS) {
    throw new AppError(413, PACKAGE_MSG.photoTooManyPixels, { [PHOTO_FIELD]: PACKAGE_MSG.photoTooManyPixels });
  }
  let image: Awaited<ReturnType<typeof Jimp.fromBuffer>>;
  try {
    image = await Jimp.fromBuffer(file.data);
  } catch {
    throw badRequest(PACKAGE_MSG.photoUnreadable, { [PHOTO_FIELD]: PACKAGE_MSG.photoUnreadable });
  }
  const size = fittedSize(image.width, image.height);
  if (size.width !== image.width || size.height !== image.height) image.resize({ w: size.width, h: size.height });
  const data = kind === 'jpeg' ? await image.getBuffer('image/jpeg', { quality: 85 }) : await image.getBuffer('image/png');
  const fallback = kind === 'jpeg' ? 'photo.jpg' : 'photo.png';
  const name = cleanFileName(file.fileName, fallback);
  const extensions = kind === 'jpeg' ? ['.jpg', '.jpeg'] : ['.png'];
  const fileName = extensions.includes(extensionOf(name)) ? name : `${name.slice(0, 190)}${kind === 'jpeg' ? '.jpg' : '.png'}`;
  return { fileName, contentType: CONTENT_TYPES[kind], data, width: image.width, height: image.height };
}
