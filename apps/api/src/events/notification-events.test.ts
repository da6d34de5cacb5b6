import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationStreamEvent } from '@parceldesk/shared/schemas/notifications';
import { familyStream } from '../test/sse-stream';
import { createTestApp, type TestApp } from '../test/test-app';
import { openTicket, ticketWorld, type TicketWorld } from '../modules/tickets/ticket-test-kit';

/** `event: notifications` blocks of one SSE stream, as they arrive. */
function notificationStream(url: string) {
  const stream = familyStream<NotificationStreamEvent>(url, 'notifications');
  return { ...stream, some: () => stream.until(() => (stream.events.length > 0 ? true : undefined)) };
}

let t: TestApp;
let w: TicketWorld;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ EVENTS_STREAM_MAX_MS: '60000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}/api/events/stream?token=`;
  w = await ticketWorld(t);
});
afterAll(() => t.close());

const token = (headers: { authorization: string }) => encodeURIComponent(headers.authorization.slice('Bearer '.length));

describe('live notifications (issue 14: the header bell)', () => {
  it('a notification written for someone reaches their stream alone, at commit', async () => {
    const open = (headers: { authorization: string }) => notificationStream(base + token(headers));
    const [admin, staff, outsider, otherAdmin, customer] = [open(w.as.admin), open(w.as.staff), open(w.as.outsider), open(w.as.otherAdmin), open(w.as.customer2)];
    try {
      await Promise.all([admin, staff, outsider, otherAdmin, customer].map((stream) => stream.connected()));
      await openTicket(t, w.as.customer, { subject: 'Bell test' });
      // The courier's admin and its staff with tickets_view were notified (modules/tickets), so their bells refresh.
      await Promise.all([admin.some(), staff.some()]);
      expect(admin.events[0]).toEqual({ kind: 'notification.created' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // No notification of theirs: nothing on their streams.
      expect(outsider.events).toEqual([]);
      expect(otherAdmin.events).toEqual([]);
      expect(customer.events).toEqual([]);
    } finally {
      for (const stream of [admin, staff, outsider, otherAdmin, customer]) stream.close();
    }
  });
});
