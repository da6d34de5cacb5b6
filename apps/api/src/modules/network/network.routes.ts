import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { customerListItemSchema } from '@parceldesk/shared/schemas/customers';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import {
  createNetworkCourierSchema, networkCourierDetailSchema, networkCourierListItemSchema, updateNetworkCourierSchema,
} from '@parceldesk/shared/schemas/people';
import type { AppContext, ZodApp } from '../../app-context';
import type { Access } from '@parceldesk/shared/access';
import { actorOf } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { courierById } from '../../lib/courier-lookup';
import { listCustomers } from '../customers/customer-list.service';
import {
  createNetworkCourier, getNetworkCourier, listNetworkCouriers, setCourierStatus, updateNetworkCourier,
} from './network.service';
import { inTransaction } from '../../lib/transaction';

const tags = ['network'];
/** The super admin's courier management (/superadmin/couriers, issue 3). */
const ACCESS: Access = { roles: ['super_admin'] };
const ONE_COURIER: Access = { ...ACCESS, tenant: { id: 'courier' } };

export function networkRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/network/couriers', {
    schema: { tags, summary: 'Couriers of the network (list convention)', querystring: listQuerySchema, response: { 200: listResponseSchema(networkCourierListItemSchema) } },
    config: { access: ACCESS },
  }, (request) => listNetworkCouriers({ db: ctx.db, query: request.query }));

  app.post('/network/couriers', {
    schema: { tags, summary: 'Create a courier and invite its first admin by email', body: createNetworkCourierSchema, response: { 201: networkCourierDetailSchema } },
    config: { access: ACCESS },
  }, async (request, reply) => reply.status(201).send(await inTransaction(ctx.db, (tx) => createNetworkCourier(tx, { actor: actorOf(request), input: request.body, publicUrl: ctx.env.publicUrl }))));

  app.get('/network/couriers/:id', {
    schema: { tags, summary: 'One courier with its branches, admins and figures', params: idParamsSchema, response: { 200: networkCourierDetailSchema } },
    config: { access: ONE_COURIER },
  }, (request) => getNetworkCourier(ctx.db, request.params.id));

  app.put('/network/couriers/:id', {
    schema: { tags, summary: 'Edit a courier', params: idParamsSchema, body: updateNetworkCourierSchema, response: { 200: networkCourierDetailSchema } },
    config: { access: ONE_COURIER },
  }, (request) => inTransaction(ctx.db, (tx) => updateNetworkCourier(tx, { actor: actorOf(request), id: request.params.id, input: request.body })));

  app.post('/network/couriers/:id/suspend', {
    schema: { tags, summary: 'Suspend a courier: its users and customers are signed out and cannot sign in', params: idParamsSchema, response: { 200: networkCourierDetailSchema } },
    config: { access: ONE_COURIER },
  }, (request) => inTransaction(ctx.db, (tx) => setCourierStatus(tx, { actor: actorOf(request), id: request.params.id, status: 'suspended' })));

  app.post('/network/couriers/:id/reactivate', {
    schema: { tags, summary: 'Reactivate a suspended courier', params: idParamsSchema, response: { 200: networkCourierDetailSchema } },
    config: { access: ONE_COURIER },
  }, (request) => inTransaction(ctx.db, (tx) => setCourierStatus(tx, { actor: actorOf(request), id: request.params.id, status: 'active' })));

  app.get('/network/couriers/:id/customers', {
    schema: { tags, summary: 'One courier\'s customers (list convention)', params: idParamsSchema, querystring: listQuerySchema, response: { 200: listResponseSchema(customerListItemSchema) } },
    config: { access: ONE_COURIER },
  }, async (request) => {
    const courier = await courierById(ctx.db, request.params.id);
    if (!courier) throw notFound();
    return listCustomers({ db: ctx.db, scope: { courierId: courier.id }, query: request.query });
  });
}
