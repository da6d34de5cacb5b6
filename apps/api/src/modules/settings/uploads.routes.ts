import { z } from 'zod';
import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import {
  logoUploadedSchema, logoUploadFormSchema, rateSheetResponseSchema, rateSheetUploadedSchema, rateSheetUploadFormSchema,
} from '@parceldesk/shared/schemas/settings-responses';
import { LOGO_MAX_BYTES, RATE_SHEET_MAX_BYTES } from '@parceldesk/shared/constants';
import type { AppContext, ZodApp } from '../../app-context';
import { PUBLIC, type Access } from '@parceldesk/shared/access';
import { actorOf } from '../../lib/actor';
import { principalOf } from '../../plugins/auth';
import { inTransaction } from '../../lib/transaction';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { courierInScope } from './courier-settings.service';
import { cleanFileName, contentDisposition, fileHeaders, logoContentType, rateSheetContentType } from '../../lib/file-types';
import { readUpload } from '../../lib/multipart';
import {
  publicFile, rateSheetCourierId, rateSheetFile, rateSheetInfo, saveLogo, saveRateSheet, UUID,
} from './stored-files.service';

const tags = ['settings'];
const ADMINS: Access = { roles: ['super_admin', 'courier_admin'] };
/** Everyone of the courier: the admin, its staff and its customers (they download the sheet). */
const COURIER_PEOPLE: Access = { roles: ['super_admin', 'courier_admin', 'branch_manager', 'staff', 'customer'] };
const courierQuery = z.object({ courier_id: z.string().uuid('Not found').optional() });
const multipartBody = { consumes: ['multipart/form-data'] };

const rateSheetUrl = (courierId: string, forSuperAdmin: boolean) =>
  forSuperAdmin ? `/api/rate-sheet/download?courier_id=${courierId}` : '/api/rate-sheet/download';

/** Settings tabs 0 (logo) and 6 (rate sheet), and the files they serve (issue 4). */
export function uploadRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/couriers/:id/logo', {
    schema: {
      tags, summary: 'Upload the courier logo (multipart field logo: JPG, PNG or GIF, at most 5MB)', params: idParamsSchema, ...multipartBody,
      response: { 200: logoUploadedSchema },
    },
    config: { access: { ...ADMINS, tenant: { id: 'courier' } }, multipartBody: logoUploadFormSchema },
  }, async (request) => {
    const principal = principalOf(request);
    const courier = await courierInScope(ctx.db, principal, request.params.id);
    const { file } = await readUpload(request, { fileField: 'logo', maxBytes: LOGO_MAX_BYTES, tooLarge: SETTINGS_MSG.logoTooLarge });
    if (!file) throw badRequest(SETTINGS_MSG.logoMissing);
    const contentType = logoContentType(file.data, file.fileName);
    if (!contentType) throw new AppError(415, SETTINGS_MSG.logoNotImage);
    const logoUrl = await inTransaction(ctx.db, (tx) => saveLogo(tx, {
      actor: actorOf(request), courierId: courier.id, contentType, file: { ...file, fileName: cleanFileName(file.fileName, 'logo') },
    }));
    return { success: true as const, message: SETTINGS_MSG.logoUpdated, logo_url: logoUrl };
  });

  app.get('/files/:id', {
    schema: { tags, summary: 'A public file (courier logos); other files are not public', params: z.object({ id: z.string().max(100) }) },
    config: { access: { ...PUBLIC, tenant: { id: 'file' } } },
  }, async (request, reply) => {
    const file = await publicFile(ctx.db, request.params.id);
    const etag = `"${file.id}"`;
    // A stored file never changes (a new logo is a new id), so it can be cached for good.
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag)
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return fileHeaders(reply, file.contentType).header('content-disposition', contentDisposition('inline', file.fileName, file.contentType)).send(file.data);
  });

  app.get('/rate-sheet', {
    schema: {
      tags, summary: 'The courier\'s current rate sheet, if any', querystring: courierQuery,
      response: { 200: rateSheetResponseSchema },
    },
    config: { access: { ...COURIER_PEOPLE, tenant: { courier_id: 'courier' } } },
  }, async (request) => {
    const principal = principalOf(request);
    const courierId = await rateSheetCourierId(ctx.db, principal, request.query.courier_id);
    const sheet = await rateSheetInfo(ctx.db, courierId);
    return {
      success: true as const,
      rate_sheet_url: sheet ? rateSheetUrl(courierId, principal.role === 'super_admin') : null,
      file_name: sheet?.fileName ?? null,
    };
  });

  app.get('/rate-sheet/download', {
    schema: { tags, summary: 'Download the rate sheet (its original name and type)', querystring: courierQuery },
    config: { access: { ...COURIER_PEOPLE, tenant: { courier_id: 'courier' } } },
  }, async (request, reply) => {
    const courierId = await rateSheetCourierId(ctx.db, principalOf(request), request.query.courier_id);
    const sheet = await rateSheetFile(ctx.db, courierId);
    return fileHeaders(reply, sheet.contentType)
      .header('content-disposition', contentDisposition('attachment', sheet.fileName, sheet.contentType))
      .header('cache-control', 'private, no-store')
      .send(sheet.data);
  });

  app.post('/rate-sheet', {
    schema: {
      tags, summary: 'Upload the rate sheet (multipart: rate_sheet and courier_id; PDF, Excel or Word, at most 10MB)', ...multipartBody,
      response: { 200: rateSheetUploadedSchema },
    },
    config: { access: ADMINS, multipartBody: rateSheetUploadFormSchema },
  }, async (request) => {
    const principal = principalOf(request);
    const { file, fields } = await readUpload(request, { fileField: 'rate_sheet', maxBytes: RATE_SHEET_MAX_BYTES, tooLarge: SETTINGS_MSG.rateSheetTooLarge });
    const requested = fields.courier_id?.trim();
    if (!requested) throw badRequest(SETTINGS_MSG.courierMissing);
    if (!UUID.test(requested)) throw notFound();
    const courier = await courierInScope(ctx.db, principal, requested);
    if (!file) throw badRequest(SETTINGS_MSG.rateSheetMissing);
    const contentType = rateSheetContentType(file.data, file.fileName);
    if (!contentType) throw new AppError(415, SETTINGS_MSG.rateSheetWrongType);
    await inTransaction(ctx.db, (tx) => saveRateSheet(tx, {
      actor: actorOf(request), courierId: courier.id, contentType, file: { ...file, fileName: cleanFileName(file.fileName, 'rate-sheet') },
    }));
    return { success: true as const, message: SETTINGS_MSG.rateSheetUpdated, rate_sheet_url: rateSheetUrl(courier.id, principal.role === 'super_admin') };
  });
}
