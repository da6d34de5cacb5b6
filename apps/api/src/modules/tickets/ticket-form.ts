import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENTS_MAX, TICKET_MSG } from '@parceldesk/shared/schemas/tickets';
import { AppError, badRequest } from '../../lib/app-error';
import { cleanFileName, CONTENT_TYPES, sniff } from '../../lib/file-types';

export interface TicketAttachmentUpload {
  fileName: string;
  contentType: string;
  data: Buffer;
}

const FILE_FIELDS = new Set(['attachments', 'attachments[]']);
const MALFORMED_UPLOAD = 'The upload could not be read. Please choose the files again.';
/** Room for a 5,000-character message in any script (UTF-8). */
const FIELD_MAX_BYTES = 32 * 1024;

/**
 * The content type of an attachment judged by its bytes (magic numbers), never by the name or
 * the browser's claim: JPEG, PNG, GIF or PDF, else null.
 */
export function attachmentContentType(data: Buffer): string | null {
  const kind = sniff(data);
  return kind === 'jpeg' || kind === 'png' || kind === 'gif' || kind === 'pdf' ? CONTENT_TYPES[kind] : null;
}

async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: { fileName: string; data: Buffer }[] }> {
  const fields: Record<string, string> = {};
  const files: { fileName: string; data: Buffer }[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: TICKET_ATTACHMENT_MAX_BYTES, files: TICKET_ATTACHMENTS_MAX, fields: 10, fieldSize: FIELD_MAX_BYTES, parts: TICKET_ATTACHMENTS_MAX + 10, headerPairs: 100,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(`${part.fieldname} is too long`, { [part.fieldname]: 'Too long' });
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      // A file input left empty still sends a part with no bytes: that is "no file".
      if (data.length > 0) files.push({ fileName: part.filename, data });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, TICKET_MSG.attachmentTooLarge, { attachments: TICKET_MSG.attachmentTooLarge });
    if (code === 'FST_FILES_LIMIT') throw badRequest(TICKET_MSG.tooManyAttachments, { attachments: TICKET_MSG.tooManyAttachments });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(MALFORMED_UPLOAD);
    // The parser's own errors mean a broken body: the client's fault, not a 500.
    throw badRequest(MALFORMED_UPLOAD);
  }
  return { fields, files };
}

/**
 * A ticket or reply form: JSON, or multipart/form-data with the same text fields and files in
 * `attachments` (at most 5, each under 5MB, images or PDF by content). Everything is read and
 * checked before anything is written, so a rejected form stores nothing.
 */
export async function readTicketForm<T extends z.ZodType>(request: FastifyRequest, schema: T): Promise<{ input: z.output<T>; attachments: TicketAttachmentUpload[] }> {
  const { fields, files } = request.isMultipart() ? await readMultipart(request) : { fields: request.body ?? {}, files: [] };
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.') || 'form';
      fieldErrors[key] ??= issue.message;
    }
    throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid input', fieldErrors);
  }
  const attachments = files.map((file) => {
    const contentType = attachmentContentType(file.data);
    if (!contentType) throw new AppError(415, TICKET_MSG.attachmentWrongType, { attachments: TICKET_MSG.attachmentWrongType });
    return { fileName: cleanFileName(file.fileName, 'attachment'), contentType, data: file.data };
  });
  return { input: parsed.data, attachments };
}
