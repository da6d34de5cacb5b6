import { z } from 'zod';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { bulkUploadFormSchema, bulkUploadResultSchema } from '@parceldesk/shared/schemas/settings-responses';
import { RATE_UPLOAD_MAX_BYTES } from '@parceldesk/shared/constants';
import type { AppContext, ZodApp } from '../../app-context';
import { badRequest } from '../../lib/app-error';
import { SETTINGS_ACCESS, settingsActor } from '../settings/settings-context';
import { inTransaction } from '../../lib/transaction';
import { readRateFile, saveRateFile } from './bulk-rates.service';
import { cleanFileName, contentDisposition } from './file-types';
import { readUpload } from './multipart';
import { prepareSpreadsheetParser } from './spreadsheet-parser';
import { rateTemplate } from './rate-template';
import { UUID } from './stored-files.service';

const tags = ['settings'];

/** Settings tab 1's Bulk Upload modal: the upload and its two templates (spec section 7). */
export function bulkRateRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/settings/shipping-rates/bulk-upload', {
    schema: {
      tags, summary: 'Create or update rates from an .xlsx, .xls or .csv file (multipart: file and courier_id; columns weight and cost)',
      consumes: ['multipart/form-data'], response: { 200: bulkUploadResultSchema },
    },
    config: { access: SETTINGS_ACCESS, multipartBody: bulkUploadFormSchema },
  }, async (request) => {
    prepareSpreadsheetParser();
    const { file, fields } = await readUpload(request, { fileField: 'file', maxBytes: RATE_UPLOAD_MAX_BYTES, tooLarge: SETTINGS_MSG.bulkTooLarge });
    const courierId = fields.courier_id?.trim();
    if (!file || !courierId || !UUID.test(courierId)) throw badRequest(SETTINGS_MSG.bulkMissing);
    const actor = await settingsActor(ctx.db, request, courierId);
    const rates = await readRateFile({ ...file, fileName: cleanFileName(file.fileName, 'rates') });
    return inTransaction(ctx.db, (tx) => saveRateFile(tx, { actor, rates }));
  });

  app.get('/settings/shipping-rates/template', {
    schema: { tags, summary: 'The bulk upload template: shipping_rates_template.xlsx or .csv', querystring: z.object({ format: z.enum(['excel', 'csv']).default('excel') }) },
    config: { access: SETTINGS_ACCESS },
  }, async (request, reply) => {
    const template = await rateTemplate(request.query.format);
    return reply
      .header('content-type', template.contentType)
      .header('content-disposition', contentDisposition('attachment', template.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(template.data);
  });
}
