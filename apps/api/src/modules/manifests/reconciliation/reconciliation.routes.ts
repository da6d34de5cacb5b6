import { z } from 'zod';
import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import { PACKAGE_MSG, PACKAGE_PHOTO_MAX_BYTES } from '@parceldesk/shared/schemas/packages';
import {
  RECONCILIATION_MSG, RECONCILIATION_PHOTO_FIELD, reconciliationDamageInputSchema, reconciliationFinishResultSchema, reconciliationListItemSchema,
  reconciliationReportQuerySchema, reconciliationScanInputSchema, reconciliationScanResultSchema, reconciliationStartSchema, reconciliationViewSchema,
} from '@parceldesk/shared/schemas/reconciliation';
import type { AppContext, ZodApp } from '../../../app-context';
import { actorOf } from '../../../lib/actor';
import { badRequest, conflict } from '../../../lib/app-error';
import { contentDisposition } from '../../../lib/file-types';
import { readUpload } from '../../../lib/multipart';
import { isUniqueViolation } from '../../../lib/pg-errors';
import { preparePhoto } from '../../../lib/photos';
import { inTransaction } from '../../../lib/transaction';
import { principalOf } from '../../../plugins/auth';
import { manifestInScope, RECONCILIATION_LIST, RECONCILIATION_READ, RECONCILIATION_WRITE } from './reconciliation-access';
import { finishReconciliation } from './reconciliation-finish.service';
import { loadReport, renderReportPdf, renderReportXlsx } from './reconciliation-report';
import { markDamaged, recordScan, startReconciliation } from './reconciliation-scans.service';
import { getReconciliation, listReconciliations } from './reconciliation-view.service';

const tags = ['reconciliation'];
const CLIENT_ID_TAKEN = 'This clientScanId was already used for another scan';

/** A unique clientScanId reused for a different parcel is the caller's mistake: 409, not 500. */
async function scanConflictsAs409<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (error) {
    if (isUniqueViolation(error, 'reconciliation_scans_client_key')) throw conflict(CLIENT_ID_TAKEN, { clientScanId: CLIENT_ID_TAKEN });
    throw error;
  }
}

const damageFormSchema = z.object({
  code: z.string(), clientScanId: z.string(), note: z.string(), deviceId: z.string().optional(),
  photo: z.file().optional().describe('JPG or PNG, less than 10MB'),
});

/** Issue 12: reconciliation at the destination (docs/decisions/013-reconciliation.md). */
export function reconciliationRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/reconciliations', {
    schema: { tags, summary: 'Arrived and reconciled manifests with their reconciliation (list convention; manifests_view or manifests_reconcile)', querystring: listQuerySchema, response: { 200: listResponseSchema(reconciliationListItemSchema) } },
    config: { access: RECONCILIATION_LIST },
  }, (request) => listReconciliations(ctx.db, principalOf(request), request.query));

  app.get('/manifests/:id/reconciliation', {
    schema: { tags, summary: 'The live picture: counts expected / received / missing / extra / damaged, last scans, lists', params: idParamsSchema, response: { 200: reconciliationViewSchema } },
    config: { access: RECONCILIATION_READ },
  }, (request) => getReconciliation(ctx.db, principalOf(request), request.params.id));

  app.post('/manifests/:id/reconciliation', {
    schema: {
      tags, summary: 'Start (or resume) the reconciliation of an arrived manifest; 409 for any other status. branchId: where it is checked in',
      params: idParamsSchema, body: reconciliationStartSchema, response: { 200: reconciliationViewSchema, 201: reconciliationViewSchema },
    },
    config: { access: RECONCILIATION_WRITE },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const { created } = await inTransaction(ctx.db, (tx) => startReconciliation(tx, { actor, manifestId: request.params.id, input: request.body }));
    return reply.status(created ? 201 : 200).send(await getReconciliation(ctx.db, actor.principal, request.params.id));
  });

  app.post('/manifests/:id/reconciliation/scans', {
    schema: {
      tags, summary: 'Record a scan (package or tracking number). A repeated clientScanId answers the first result; a parcel counts once however many people scan it; one not on this manifest is extra',
      params: idParamsSchema, body: reconciliationScanInputSchema, response: { 200: reconciliationScanResultSchema, 201: reconciliationScanResultSchema },
    },
    config: { access: RECONCILIATION_WRITE },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const result = await scanConflictsAs409(() => inTransaction(ctx.db, (tx) => recordScan(tx, { actor, manifestId: request.params.id, input: request.body })));
    return reply.status(result.result === 'recorded' ? 201 : 200).send(result);
  });

  app.post('/manifests/:id/reconciliation/damaged', {
    schema: {
      tags, summary: 'Mark a parcel of this manifest damaged: multipart fields code, clientScanId, note, deviceId and an optional photo (JPG or PNG by content, < 10 MB)',
      params: idParamsSchema, consumes: ['multipart/form-data'], response: { 200: reconciliationScanResultSchema, 201: reconciliationScanResultSchema },
    },
    config: { access: RECONCILIATION_WRITE, multipartBody: damageFormSchema },
  }, async (request, reply) => {
    const actor = actorOf(request);
    // Another courier's manifest is not found before anything of the upload is judged.
    await manifestInScope(ctx.db, actor.scope, request.params.id);
    const { file, fields } = await readUpload(request, { fileField: RECONCILIATION_PHOTO_FIELD, maxBytes: PACKAGE_PHOTO_MAX_BYTES, tooLarge: PACKAGE_MSG.photoTooLarge });
    const parsed = reconciliationDamageInputSchema.safeParse(fields);
    if (!parsed.success) {
      const fieldErrors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'code'), issue.message]));
      throw badRequest(Object.values(fieldErrors)[0] ?? RECONCILIATION_MSG.codeRequired, fieldErrors);
    }
    const photo = file ? await preparePhoto(file) : null;
    const result = await scanConflictsAs409(() => inTransaction(ctx.db, (tx) => markDamaged(tx, { actor, manifestId: request.params.id, input: parsed.data, photo })));
    return reply.status(result.result === 'recorded' ? 201 : 200).send(result);
  });

  app.post('/manifests/:id/reconciliation/finish', {
    schema: {
      tags, summary: 'Finish: received parcels move to ready for pickup (or on to their branch), unscanned ones become missing (customers and staff told), the manifest becomes reconciled',
      params: idParamsSchema, response: { 200: reconciliationFinishResultSchema },
    },
    config: { access: RECONCILIATION_WRITE },
  }, (request) => {
    const actor = actorOf(request);
    return inTransaction(ctx.db, (tx) => finishReconciliation(tx, { actor, manifestId: request.params.id, publicUrl: ctx.env.publicUrl }));
  });

  app.get('/manifests/:id/reconciliation/report', {
    schema: {
      tags, summary: 'The reconciliation report: counts, missing, extras, damaged, who scanned what and when (PDF or XLSX)',
      params: idParamsSchema, querystring: reconciliationReportQuerySchema, response: { 200: z.any().describe('application/pdf or XLSX') },
    },
    config: { access: RECONCILIATION_READ },
  }, async (request, reply) => {
    const data = await loadReport(ctx.db, principalOf(request), request.params.id);
    const name = `reconciliation-${data.view.manifest.number}`;
    reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
    if (request.query.format === 'xlsx') {
      return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('attachment', `${name}.xlsx`)).send(await renderReportXlsx(data));
    }
    return reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition('attachment', `${name}.pdf`)).send(await renderReportPdf(data));
  });
}
