import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './app-error';

export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

export interface MultipartUpload {
  /** The named file, or null when none (or an empty one) was sent. */
  file: UploadedFile | null;
  fields: Record<string, string>;
}

const TOO_MANY_PARTS = 'Send one file per upload';
const MALFORMED_UPLOAD = 'The upload could not be read. Please choose the file again.';

/**
 * Reads a multipart form with one file field. The file is buffered up to `maxBytes` (beyond it:
 * 413 with `tooLarge`, nothing stored); other file fields are discarded; text fields are short.
 * A request that is not multipart at all reads as "no file".
 */
export async function readUpload(
  request: FastifyRequest,
  options: { fileField: string; maxBytes: number; tooLarge: string },
): Promise<MultipartUpload> {
  const result: MultipartUpload = { file: null, fields: {} };
  if (!request.isMultipart()) return result;
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 3, fields: 10, fieldSize: 1024, parts: 13, headerPairs: 100 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') result.fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== options.fileField || result.file) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (data.length > 0) result.file = { fileName: part.filename, data };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, options.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(TOO_MANY_PARTS);
    if (error instanceof AppError) throw error;
    // The parser's own errors ('Unexpected end of multipart data', 'Malformed part header'…) mean
    // a broken body: the client's fault, not a 500 (issue 6 fuzzing found it).
    throw badRequest(MALFORMED_UPLOAD);
  }
  return result;
}
