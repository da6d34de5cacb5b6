import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couriers, emailOutbox } from '../../db/schema/index';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openTicket, reply, ticketWorld, type TicketWorld } from './ticket-test-kit';

describe('ticket emails through the outbox to a real SMTP server', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  let w: TicketWorld;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ SMTP_URL: smtp.url }, { startWorkers: true });
    w = await ticketWorld(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a staff reply emails the customer with the reply and a link that opens the ticket', async () => {
    const ticket = await openTicket(t, w.as.customer);
    await reply(t, w.as.staff, ticket.id, 'Your parcel clears customs tomorrow.');
    const email = await smtp.waitFor((e) => e.to.includes(w.customer.email));
    expect(email.subject).toBe(`${w.courier.name}: new reply on your ticket ${ticket.ticket_no}`);
    expect(email.text).toContain('Your parcel clears customs tomorrow.');
    expect(linkIn(email)).toBe(`http://localhost:3000/courier/customer/support-tickets?ticket=${ticket.ticket_no}&api_key=${encodeURIComponent(w.courier.apiKey)}`);
  });

  it('a new ticket emails the ticket staff only when the courier switched it on', async () => {
    const quiet = await openTicket(t, w.as.customer, { subject: 'Quiet' });
    await t.app.outbox?.flush();
    const queued = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.courierId, w.courier.id));
    expect(queued.filter((e) => e.subject.includes(quiet.ticket_no))).toEqual([]);

    await t.database.db.update(couriers).set({ notifyStaffByEmail: true }).where(eq(couriers.id, w.courier.id));
    const loud = await openTicket(t, w.as.customer, { subject: 'Loud' });
    const toAdmin = await smtp.waitFor((e) => e.to.includes(w.people.admin.email) && e.subject.includes(loud.ticket_no));
    expect(linkIn(toAdmin)).toBe(`http://localhost:3000/courier/admin/support-tickets?ticket=${loud.ticket_no}`);
    const toStaff = await smtp.waitFor((e) => e.to.includes(w.people.staff.email) && e.subject.includes(loud.ticket_no));
    expect(linkIn(toStaff)).toBe(`http://localhost:3000/courier/staff/support-tickets?ticket=${loud.ticket_no}`);
    await smtp.waitFor((e) => e.to.includes(w.people.viewer.email) && e.subject.includes(loud.ticket_no));
    await t.app.outbox?.flush();
    expect(smtp.received.some((e) => e.to.includes(w.people.outsider.email))).toBe(false);
  });
});
