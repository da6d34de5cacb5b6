/** One entry of a ZIP archive's central directory, as the archive declares it. */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_MARK = 0xffffffff;

/**
 * Reads the central directory of a ZIP (xlsx and docx are ZIPs) without inflating anything, so a
 * file can be classified and its declared unpacked size judged before a parser touches it.
 * Returns null for anything that is not a well-formed archive. ZIP64 sizes read as Infinity.
 */
export function listZipEntries(data: Buffer, maxEntries = 5000): ZipEntry[] | null {
  if (data.length < EOCD_MIN) return null;
  let eocd = -1;
  for (let i = data.length - EOCD_MIN; i >= Math.max(0, data.length - EOCD_MIN - MAX_COMMENT); i -= 1) {
    if (data.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = data.readUInt16LE(eocd + 10);
  const directoryOffset = data.readUInt32LE(eocd + 16);
  if (count > maxEntries || directoryOffset === ZIP64_MARK || directoryOffset >= data.length) return null;
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
    const compressed = data.readUInt32LE(at + 20);
    const uncompressed = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    if (at + 46 + nameLength > data.length) return null;
    entries.push({
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
      compressedSize: compressed === ZIP64_MARK ? Infinity : compressed,
      uncompressedSize: uncompressed === ZIP64_MARK ? Infinity : uncompressed,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The sum of the entries' declared unpacked sizes. */
export function unpackedSize(entries: readonly ZipEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
}
