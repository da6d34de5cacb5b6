import { and, asc, eq, gt } from 'drizzle-orm';
import {
  PACKING_PATHS, packingCustomerListSchema, packingCustomerQuerySchema, type PackingCustomer,
} from '@parceldesk/shared/schemas/packing-system';
import type { AppContext, ZodApp } from '../../app-context';
import { branches, customers } from '../../db/schema/index';
import { actorOf } from '../../lib/actor';
import { notFound } from '../../lib/app-error';

/**
 * The customer directory the packing system pulls (contract direction 1): the courier's active
 * customers, UserCode = mailbox number, in the contract's shape. Keyset pages ordered by UserCode
 * (the courier's unique mailbox index), so page 200 of 100,000 customers costs what page 1 does;
 * the next page's `after` comes in `X-Next-After` (and a `Link: rel="next"`), absent on the last.
 */
export function customerDirectoryRoutes(app: ZodApp, ctx: AppContext) {
  app.get(PACKING_PATHS.customers.replace(/^\/api/, ''), {
    schema: {
      tags: ['packing-system'], summary: 'Customer directory for the packing system (API key with customers:read)',
      querystring: packingCustomerQuerySchema, response: { 200: packingCustomerListSchema },
    },
    config: { access: { roles: [], apiScope: 'customers:read' } },
  }, async (request, reply) => {
    const courierId = actorOf(request).scope.courierId;
    if (!courierId) throw notFound();
    const { after, limit } = request.query;
    const rows = await ctx.db.select({
      mailbox: customers.mailboxNumber, firstName: customers.firstName, lastName: customers.lastName, branch: branches.name,
    }).from(customers).leftJoin(branches, eq(branches.id, customers.branchId))
      .where(and(eq(customers.courierId, courierId), eq(customers.isActive, true), after ? gt(customers.mailboxNumber, after) : undefined))
      .orderBy(asc(customers.mailboxNumber)).limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    if (rows.length > limit && last) {
      reply.header('X-Next-After', last.mailbox);
      reply.header('Link', `<${PACKING_PATHS.customers}?after=${encodeURIComponent(last.mailbox)}&limit=${limit}>; rel="next"`);
    }
    return page.map((row): PackingCustomer => ({
      UserCode: row.mailbox, FirstName: row.firstName, LastName: row.lastName, Branch: row.branch ?? '',
      // We keep no per-customer service type or instructions yet: empty, as the contract allows.
      CustomerServiceTypeID: '', CustomerLevelInstructions: '', CourierServiceTypeID: '', CourierLevelInstructions: '',
    }));
  });
}
