import { BULK_RECEIVE_MAX_BYTES, BULK_RECEIVE_MSG, bulkReceiveFieldsSchema, bulkReceiveResultSchema } from '@parceldesk/shared/schemas/package-scan';
import type { AppContext, ZodApp } from '../../../app-context';
import { actorOf } from '../../../lib/actor';
import { badRequest } from '../../../lib/app-error';
import { cleanFileName } from '../../uploads/file-types';
import { readUpload } from '../../uploads/multipart';
import { prepareSpreadsheetParser } from '../../uploads/spreadsheet-parser';
import { WAREHOUSE_ACCESS } from '../scan/scan.routes';
import { bulkReceive } from './bulk-receive.service';

/** Bulk receive beside the scan station (issue 11). */
export function bulkReceiveRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/packages/bulk-receive', {
    schema: {
      tags: ['packages'],
      summary: "Receive a Miami warehouse's receiving file (multipart: file (.csv/.xlsx/.xls), commit 'true'|'false', service 'air'|'sea'); commit false only checks",
      consumes: ['multipart/form-data'],
      response: { 200: bulkReceiveResultSchema },
    },
    config: { access: WAREHOUSE_ACCESS },
  }, async (request) => {
    prepareSpreadsheetParser();
    const { file, fields } = await readUpload(request, { fileField: 'file', maxBytes: BULK_RECEIVE_MAX_BYTES, tooLarge: BULK_RECEIVE_MSG.tooLarge });
    if (!file) throw badRequest(BULK_RECEIVE_MSG.missing);
    const parsed = bulkReceiveFieldsSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? BULK_RECEIVE_MSG.missing);
    return bulkReceive(ctx.db, {
      actor: actorOf(request),
      file: { ...file, fileName: cleanFileName(file.fileName, 'receiving') },
      commit: parsed.data.commit === 'true',
      service: parsed.data.service,
      publicUrl: ctx.env.publicUrl,
    });
  });
}
