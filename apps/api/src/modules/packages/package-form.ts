import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PACKAGE_DOCUMENT_MAX_BYTES, PACKAGE_MSG } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../../db/client';
import { packageFiles, storedFiles } from '../../db/schema/index';
import { AppError, badRequest } from '../../lib/app-error';
import { cleanFileName, CONTENT_TYPES, sniff } from '../uploads/file-types';
import { readUpload } from '../uploads/multipart';

export interface PackageDocument {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** A supplier invoice or a claim proof: PDF, JPG or PNG judged by its bytes, never by its name or the browser's claim. */
export function documentContentType(data: Buffer): string | null {
  const kind = sniff(data);
  return kind === 'pdf' || kind === 'jpeg' || kind === 'png' ? CONTENT_TYPES[kind] : null;
}

function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return fieldErrors;
}

/**
 * A pre-alert or claim form: JSON, or multipart/form-data with the same fields and one file in
 * `fileField` (≤ 5 MB, PDF/JPG/PNG by content). Everything is checked before anything is written.
 */
export async function readPackageForm<T extends z.ZodType>(request: FastifyRequest, schema: T, fileField: string): Promise<{ input: z.output<T>; file: PackageDocument | null }> {
  const multipart = request.isMultipart();
  const { fields, file } = multipart
    ? await readUpload(request, { fileField, maxBytes: PACKAGE_DOCUMENT_MAX_BYTES, tooLarge: PACKAGE_MSG.documentTooLarge })
    : { fields: request.body ?? {}, file: null };
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid input', fieldErrorsOf(parsed.error));
  if (!file) return { input: parsed.data, file: null };
  const contentType = documentContentType(file.data);
  if (!contentType) throw new AppError(415, PACKAGE_MSG.documentWrongType, { [fileField]: PACKAGE_MSG.documentWrongType });
  return { input: parsed.data, file: { fileName: cleanFileName(file.fileName, 'document'), contentType, data: file.data } };
}

/** Stores a document (stored_files) and says whose it is (package_files), in the caller's transaction. */
export async function storeDocument(
  tx: DbOrTx,
  input: { courierId: string; kind: 'invoice' | 'claim_proof' | 'photo'; file: PackageDocument; owner: { packageId?: string; preAlertId?: string; claimId?: string } },
): Promise<string> {
  const [stored] = await tx.insert(storedFiles).values({
    courierId: input.courierId, kind: input.kind === 'photo' ? 'package_photo' : 'package_document', fileName: input.file.fileName,
    contentType: input.file.contentType, sizeBytes: input.file.data.length, data: input.file.data,
  }).returning({ id: storedFiles.id });
  if (!stored) throw new Error('stored file insert returned nothing');
  const [row] = await tx.insert(packageFiles).values({
    courierId: input.courierId, kind: input.kind, storedFileId: stored.id,
    packageId: input.owner.packageId ?? null, preAlertId: input.owner.preAlertId ?? null, claimId: input.owner.claimId ?? null,
  }).returning({ id: packageFiles.id });
  if (!row) throw new Error('package file insert returned nothing');
  return row.id;
}
