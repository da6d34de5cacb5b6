import { randomBytes } from 'node:crypto';

export interface FilePart {
  field: string;
  fileName: string;
  data: Buffer;
  /** What the browser claims; the server must not trust it. */
  contentType?: string;
}

/** A multipart/form-data body for app.inject: text fields first, then files, as a browser sends them. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----parceldesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\n`
      + `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Smallest real images and documents, by their magic bytes. */
export const SAMPLE = {
  png: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex'),
  gif: Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex'),
  jpeg: Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64), Buffer.from('ffd9', 'hex')]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};
