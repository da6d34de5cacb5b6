import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import {
  customerBranchSchema, customerDetailSchema, customerListItemSchema, customerMonthParamsSchema, updateCustomerSchema,
} from '@parceldesk/shared/schemas/customers';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import type { AppContext, ZodApp } from '../../app-context';
import { ACCESS, type Access } from '@parceldesk/shared/access';
import { actorOf } from '../../lib/actor';
import { changeCustomerBranch, setCustomerActive, updateCustomer } from './customer-manage.service';
import { businessOnly, getCustomer, listCustomers, signedUpIn } from './customer-list.service';
import { inTransaction } from '../../lib/transaction';

const tags = ['customers'];
/** Spec section 6 / issue 3: staff read all accounts with customers_view, business accounts with customers_business, and write with customers_manage. */
const VIEW = ACCESS.customersView;
const BUSINESS = ACCESS.customersBusiness;
const MANAGE_ONE: Access = { ...ACCESS.customersManage, tenant: { id: 'customer' } };
const listResponse = listResponseSchema(customerListItemSchema);

export function customerManagementRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/customers', {
    schema: { tags, summary: 'Customers (list convention)', querystring: listQuerySchema, response: { 200: listResponse } },
    config: { access: VIEW },
  }, (request) => listCustomers({ db: ctx.db, scope: actorOf(request).scope, query: request.query }));

  app.get('/customers/month/:year/:month', {
    schema: { tags, summary: 'Customers who signed up in a month (Jamaica time)', params: customerMonthParamsSchema, querystring: listQuerySchema, response: { 200: listResponse } },
    config: { access: VIEW },
  }, (request) => listCustomers({
    db: ctx.db, scope: actorOf(request).scope, query: request.query, where: signedUpIn(request.params.year, request.params.month),
  }));

  app.get('/customers/business', {
    schema: { tags, summary: 'Business accounts (list convention)', querystring: listQuerySchema, response: { 200: listResponse } },
    config: { access: BUSINESS },
  }, (request) => listCustomers({ db: ctx.db, scope: actorOf(request).scope, query: request.query, where: businessOnly }));

  app.get('/customers/business/:id', {
    schema: { tags, summary: 'One business account', params: idParamsSchema, response: { 200: customerDetailSchema } },
    config: { access: { ...BUSINESS, tenant: { id: 'customer' } } },
  }, (request) => getCustomer({ db: ctx.db, scope: actorOf(request).scope, id: request.params.id, where: businessOnly }));

  app.get('/customers/:id', {
    schema: { tags, summary: 'One customer: profile, home address, US shipping addresses', params: idParamsSchema, response: { 200: customerDetailSchema } },
    config: { access: { ...VIEW, tenant: { id: 'customer' } } },
  }, (request) => getCustomer({ db: ctx.db, scope: actorOf(request).scope, id: request.params.id }));

  app.put('/customers/:id', {
    schema: { tags, summary: 'Edit a customer\'s details', params: idParamsSchema, body: updateCustomerSchema, response: { 200: customerDetailSchema } },
    config: { access: MANAGE_ONE },
  }, (request) => inTransaction(ctx.db, (tx) => updateCustomer(tx, { publicUrl: ctx.env.publicUrl, actor: actorOf(request), id: request.params.id, input: request.body })));

  app.put('/customers/:id/branch', {
    schema: { tags, summary: 'Change a customer\'s home branch (an active one)', params: idParamsSchema, body: customerBranchSchema, response: { 200: customerDetailSchema } },
    config: { access: MANAGE_ONE },
  }, (request) => inTransaction(ctx.db, (tx) => changeCustomerBranch(tx, { actor: actorOf(request), id: request.params.id, branchId: request.body.branchId })));

  app.post('/customers/:id/deactivate', {
    schema: { tags, summary: 'Deactivate a customer and end their sessions', params: idParamsSchema, response: { 200: customerDetailSchema } },
    config: { access: MANAGE_ONE },
  }, (request) => inTransaction(ctx.db, (tx) => setCustomerActive(tx, { actor: actorOf(request), id: request.params.id, isActive: false })));

  app.post('/customers/:id/reactivate', {
    schema: { tags, summary: 'Reactivate a customer', params: idParamsSchema, response: { 200: customerDetailSchema } },
    config: { access: MANAGE_ONE },
  }, (request) => inTransaction(ctx.db, (tx) => setCustomerActive(tx, { actor: actorOf(request), id: request.params.id, isActive: true })));
}
