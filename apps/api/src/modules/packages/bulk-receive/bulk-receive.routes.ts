import { BULK_RECEIVE_MAX_BYTES, BULK_RECEIVE_MSG, bulkReceiveFieldsSchema, bulkReceiveFormSchema, bulkReceiveResultSchema } from '@parceldesk/shared/schemas/package-scan';
import type { AppContext, ZodApp } from '../../../app-context';
import { actorOf } from '../../../lib/actor';
import { badRequest } from '../../../lib/app-error';
import { cleanFileName } from '../../../lib/file-types';
import { readUpload } from '../../../lib/multipart';
import { prepareSpreadsheetParser } from '../../../lib/spreadsheet-parser';
import { inTransaction, rolledBack } from '../../../lib/transaction';
import { WAREHOUSE_ACCESS } from '../scan/scan.routes';
import { bulkReceive, readReceivingFile } from './bulk-receive.service';

/** Bulk receive beside the scan station (issue 11). */
export function bulkReceiveRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/packages/bulk-receive', {
    schema: {
      tags: ['packages'],
      summary: "Receive a Miami warehouse's receiving file (multipart: file (.csv/.xlsx/.xls), commit 'true'|'false', service 'air'|'sea'); commit false only checks",
      consumes: ['multipart/form-data'],
      response: { 200: bulkReceiveResultSchema },
    },
    config: { access: WAREHOUSE_ACCESS, multipartBody: bulkReceiveFormSchema },
  }, async (request) => {
    prepareSpreadsheetParser();
    const { file, fields } = await readUpload(request, { fileField: 'file', maxBytes: BULK_RECEIVE_MAX_BYTES, tooLarge: BULK_RECEIVE_MSG.tooLarge });
    if (!file) throw badRequest(BULK_RECEIVE_MSG.missing);
    const parsed = bulkReceiveFieldsSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? BULK_RECEIVE_MSG.missing);
    const commit = parsed.data.commit === 'true';
    const sheet = await readReceivingFile({ ...file, fileName: cleanFileName(file.fileName, 'receiving') }, { commit });
    // A check runs the very same receive and rolls it back.
    const run = commit ? inTransaction : rolledBack;
    return run(ctx.db, (tx) => bulkReceive(tx, { actor: actorOf(request), sheet, commit, service: parsed.data.service, publicUrl: ctx.env.publicUrl }));
  });
}
