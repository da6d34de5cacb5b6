import { z } from 'zod';
import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import {
  courierQuerySchema, createTicketFormSchema, createTicketSchema, customerTicketsQuerySchema, customerTicketsResponseSchema, ticketDetailSchema,
  ticketListItemSchema, ticketNoParamsSchema, ticketReplyFormSchema, ticketReplySchema, ticketStatusUpdateSchema, unreadCountResponseSchema, unreadTicketsResponseSchema,
} from '@parceldesk/shared/schemas/tickets';
import type { AppContext, ZodApp } from '../../app-context';
import { ACCESS, type Access } from '@parceldesk/shared/access';
import { principalOf } from '../../plugins/auth';
import { actorOf } from '../../lib/actor';
import { inTransaction } from '../../lib/transaction';
import { sendStoredFile } from '../../lib/file-types';
import { customerTickets, listTickets } from './ticket-lists.service';
import { loadTicket } from './ticket-access';
import { getAttachment, getTicket, getTicketByNumber } from './ticket-detail.service';
import { readTicketForm } from './ticket-form';
import { unreadCount, unreadTickets } from './ticket-reads';
import { addTicketMessage, changeTicketStatus, createTicket } from './ticket-writes.service';

const tags = ['tickets'];
const STAFF_VIEW = ACCESS.ticketsStaffView;
const VIEW_ONE: Access = { ...ACCESS.ticketsView, tenant: { id: 'ticket' } };
const CUSTOMER: Access = { roles: ['customer'] };
const multipartOrJson = { consumes: ['application/json', 'multipart/form-data'] };

export function ticketRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/tickets/unread', {
    schema: { tags, summary: 'The bell: unread tickets (a customer message newer than my last read) and their count', response: { 200: unreadTicketsResponseSchema } },
    config: { access: STAFF_VIEW },
  }, async (request) => {
    const principal = principalOf(request);
    const [tickets, count] = await Promise.all([unreadTickets(ctx.db, principal), unreadCount(ctx.db, principal)]);
    return { tickets, unreadCount: count };
  });

  app.get('/tickets/unread/count', {
    schema: { tags, summary: 'The bell count', response: { 200: unreadCountResponseSchema } },
    config: { access: STAFF_VIEW },
  }, async (request) => ({ unreadCount: await unreadCount(ctx.db, principalOf(request)) }));

  app.get('/tickets/unread/customer-count', {
    schema: { tags, summary: 'The customer badge: my tickets with a staff message I have not read', response: { 200: unreadCountResponseSchema } },
    config: { access: CUSTOMER },
  }, async (request) => ({ unreadCount: await unreadCount(ctx.db, principalOf(request)) }));

  app.get('/tickets/customer/:userId', {
    schema: {
      tags, summary: 'One customer\'s tickets, newest activity first (a customer may name only themselves)',
      params: z.object({ userId: z.string().uuid('Not found') }), querystring: customerTicketsQuerySchema, response: { 200: customerTicketsResponseSchema },
    },
    config: { access: { ...ACCESS.ticketsView, tenant: { userId: 'customer' } } },
  }, (request) => customerTickets(ctx.db, principalOf(request), { customerId: request.params.userId, ...request.query }));

  app.get('/tickets', {
    schema: { tags, summary: 'Tickets of my scope (list convention; super admin across couriers)', querystring: listQuerySchema, response: { 200: listResponseSchema(ticketListItemSchema) } },
    config: { access: STAFF_VIEW },
  }, (request) => listTickets(ctx.db, principalOf(request), request.query));

  app.get('/tickets/mine', {
    schema: { tags, summary: 'My tickets (customer; list convention)', querystring: listQuerySchema, response: { 200: listResponseSchema(ticketListItemSchema) } },
    config: { access: CUSTOMER },
  }, (request) => listTickets(ctx.db, principalOf(request), request.query));

  app.post('/tickets', {
    schema: {
      tags, ...multipartOrJson, response: { 201: ticketDetailSchema },
      summary: 'Open a ticket (customer): JSON or multipart with subject, department, message and up to 5 attachments (images or PDF, each under 5MB)',
    },
    config: { access: CUSTOMER, multipartBody: createTicketFormSchema },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const { input, attachments } = await readTicketForm(request, createTicketSchema);
    const id = await inTransaction(ctx.db, (tx) => createTicket(tx, { actor, publicUrl: ctx.env.publicUrl, form: input, attachments }));
    return reply.status(201).send(await getTicket(ctx.db, actor.principal, id));
  });

  app.get('/tickets/by-number/:ticketNo', {
    schema: { tags, summary: 'A ticket by its number (?ticket=NO links); a super admin may name the courier', params: ticketNoParamsSchema, querystring: courierQuerySchema, response: { 200: ticketDetailSchema } },
    config: { access: { ...ACCESS.ticketsView, tenant: { ticketNo: 'ticket_no', courierId: 'courier' } } },
  }, (request) => getTicketByNumber(ctx.db, principalOf(request), request.params.ticketNo, request.query.courierId));

  app.get('/tickets/:id', {
    schema: { tags, summary: 'A ticket\'s conversation; opening it marks it read', params: idParamsSchema, response: { 200: ticketDetailSchema } },
    config: { access: VIEW_ONE },
  }, (request) => getTicket(ctx.db, principalOf(request), request.params.id));

  app.post('/tickets/:id/messages', {
    schema: {
      tags, ...multipartOrJson, params: idParamsSchema, response: { 201: ticketDetailSchema },
      summary: 'Reply (the ticket\'s customer, or staff with tickets_reply): JSON or multipart with message and up to 5 attachments',
    },
    config: { access: { ...ACCESS.ticketsReply, tenant: { id: 'ticket' } }, multipartBody: ticketReplyFormSchema },
  }, async (request, reply) => {
    const actor = actorOf(request);
    // The ticket is checked first, so another courier's or customer's ticket is 404 whatever the body.
    await loadTicket(ctx.db, actor.principal, request.params.id);
    const { input, attachments } = await readTicketForm(request, ticketReplySchema);
    await inTransaction(ctx.db, (tx) => addTicketMessage(tx, { actor, ticketId: request.params.id, publicUrl: ctx.env.publicUrl, body: input.message, attachments }));
    return reply.status(201).send(await getTicket(ctx.db, actor.principal, request.params.id));
  });

  app.put('/tickets/:id/status', {
    schema: { tags, summary: 'Change a ticket\'s status (staff with tickets_reply; see TICKET_TRANSITIONS)', params: idParamsSchema, body: ticketStatusUpdateSchema, response: { 200: ticketDetailSchema } },
    config: { access: { ...ACCESS.ticketsChangeStatus, tenant: { id: 'ticket' } } },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => changeTicketStatus(tx, { actor, ticketId: request.params.id, status: request.body.status }));
    return getTicket(ctx.db, actor.principal, request.params.id);
  });

  app.get('/tickets/attachments/:id', {
    schema: { tags, summary: 'An attachment\'s file, for those who may open its ticket', params: idParamsSchema },
    config: { access: { ...ACCESS.ticketsView, tenant: { id: 'ticket_attachment' } } },
  }, async (request, reply) => {
    const file = await getAttachment(ctx.db, principalOf(request), request.params.id);
    return sendStoredFile(reply, file);
  });
}
