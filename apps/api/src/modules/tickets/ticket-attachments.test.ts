import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_MSG, type TicketDetail } from '@parceldesk/shared/schemas/tickets';
import { ticketAttachments, tickets } from '../../db/schema/index';
import { multipart, SAMPLE, type FilePart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openTicket, ticketWorld, type TicketWorld } from './ticket-test-kit';

const FIELDS = { subject: 'Damaged box', department: 'General', message: 'Photos attached.' };
const file = (fileName: string, data: Buffer, contentType?: string): FilePart => ({ field: 'attachments', fileName, data, contentType });

describe('ticket attachments: images or PDF up to 5MB each, by content', () => {
  let t: TestApp;
  let w: TicketWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await ticketWorld(t);
  });
  afterAll(() => t?.close());

  const post = (url: string, headers: { authorization: string }, fields: Record<string, string>, files: FilePart[]) => {
    const body = multipart(fields, files);
    return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('a ticket opened with a PNG and a PDF keeps both; they download for the ticket\'s people only', async () => {
    const response = await post('/api/tickets', w.as.customer, FIELDS, [file('box.png', SAMPLE.png, 'image/png'), file('invoice.pdf', SAMPLE.pdf)]);
    expect(response.statusCode, response.body).toBe(201);
    const ticket = response.json<TicketDetail>();
    const attachments = ticket.messages[0]?.attachments ?? [];
    expect(attachments.map((a) => [a.fileName, a.contentType, a.size])).toEqual([
      ['box.png', 'image/png', SAMPLE.png.length], ['invoice.pdf', 'application/pdf', SAMPLE.pdf.length],
    ]);
    const png = attachments[0]!;
    const download = await t.app.inject({ method: 'GET', url: png.url, headers: w.as.staff });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(SAMPLE.png)).toBe(true);
    const pdf = await t.app.inject({ method: 'GET', url: attachments[1]!.url, headers: w.as.customer });
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="invoice.pdf"/);
    for (const headers of [w.as.customer2, w.as.otherAdmin, w.as.otherCustomer]) {
      expect((await t.app.inject({ method: 'GET', url: png.url, headers })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: png.url, headers: w.as.superAdmin })).statusCode).toBe(200);
  });

  it('serves an attachment under an extension matching its content, whatever it was named (issue 15)', async () => {
    const response = await post('/api/tickets', w.as.customer, FIELDS, [file('receipt.html', SAMPLE.png, 'text/html'), file('scan', SAMPLE.pdf)]);
    expect(response.statusCode, response.body).toBe(201);
    const [png, pdf] = response.json<TicketDetail>().messages[0]?.attachments ?? [];
    const served = await t.app.inject({ method: 'GET', url: png!.url, headers: w.as.staff });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="receipt\.png"; filename\*=UTF-8''receipt\.png$/);
    const scan = await t.app.inject({ method: 'GET', url: pdf!.url, headers: w.as.staff });
    expect(scan.headers['content-disposition']).toMatch(/^attachment; filename="scan\.pdf"/);
  });

  it('a staff reply may carry attachments too', async () => {
    const ticket = await openTicket(t, w.as.customer);
    const response = await post(`/api/tickets/${ticket.id}/messages`, w.as.staff, { message: 'Label attached' }, [file('label.gif', SAMPLE.gif)]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TicketDetail>().messages[1]?.attachments.map((a) => a.contentType)).toEqual(['image/gif']);
  });

  it('refuses a file whose content is not an image or PDF, whatever its name and claimed type, storing nothing', async () => {
    const before = [await t.database.db.$count(tickets), await t.database.db.$count(ticketAttachments)];
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const response = await post('/api/tickets', w.as.customer, FIELDS, [file('photo.png', html, 'image/png')]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: TICKET_MSG.attachmentWrongType, fieldErrors: { attachments: TICKET_MSG.attachmentWrongType } });
    const exe = await post('/api/tickets', w.as.customer, FIELDS, [file('a.pdf', Buffer.from('MZ\x90\x00\x03'), 'application/pdf')]);
    expect(exe.statusCode).toBe(415);
    expect([await t.database.db.$count(tickets), await t.database.db.$count(ticketAttachments)]).toEqual(before);
  });

  it('refuses a file of more than 5MB and more than 5 files', async () => {
    const big = Buffer.concat([SAMPLE.pdf, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await post('/api/tickets', w.as.customer, FIELDS, [file('big.pdf', big)]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(TICKET_MSG.attachmentTooLarge);
    const six = Array.from({ length: 6 }, (_, i) => file(`p${i}.png`, SAMPLE.png));
    const tooMany = await post('/api/tickets', w.as.customer, FIELDS, six);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(TICKET_MSG.tooManyAttachments);
    // Exactly 5MB is accepted.
    const limit = Buffer.concat([SAMPLE.pdf, Buffer.alloc(5 * 1024 * 1024 - SAMPLE.pdf.length)]);
    expect((await post('/api/tickets', w.as.customer, FIELDS, [file('limit.pdf', limit)])).statusCode).toBe(201);
  });

  it('validates the text fields of a multipart form like JSON', async () => {
    const response = await post('/api/tickets', w.as.customer, { department: 'General', message: 'x' }, [file('a.png', SAMPLE.png)]);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ subject: TICKET_MSG.subjectRequired });
  });
});
