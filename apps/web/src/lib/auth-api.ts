import type { ResponseOf } from '@parceldesk/shared/contract';
import type { CourierSignupInput, LoginInput, CustomerLoginInput } from '@parceldesk/shared/schemas/auth';
import type { CustomerRegisterInput } from '@parceldesk/shared/schemas/registration';
import { api } from './api-client';

/** The sign-in endpoint of each portal (spec section 6). */
export type Portal = 'customer' | 'courier_admin' | 'staff' | 'super_admin';

const STAFF_SIDE_LOGIN: Record<Exclude<Portal, 'customer'>, string> = {
  courier_admin: '/auth/login',
  staff: '/auth/staff/login',
  super_admin: '/auth/super-admin/login',
};

export const authApi = {
  loginUser: (portal: Exclude<Portal, 'customer'>, input: LoginInput) =>
    api<ResponseOf<'POST /auth/login'>>(STAFF_SIDE_LOGIN[portal], { method: 'POST', body: input, noSessionHandling: true }),
  loginCustomer: (input: CustomerLoginInput) =>
    api<ResponseOf<'POST /customers/login'>>('/customers/login', { method: 'POST', body: input, noSessionHandling: true }),
  tokenLogin: (token: string) =>
    api<ResponseOf<'POST /auth/token-login'>>('/auth/token-login', { method: 'POST', body: { token }, noSessionHandling: true }),
  registerCustomer: (input: CustomerRegisterInput) =>
    api<ResponseOf<'POST /customers/register'>>('/customers/register', { method: 'POST', body: input, noSessionHandling: true }),
  registerCourier: (input: CourierSignupInput) =>
    api<ResponseOf<'POST /auth/register'>>('/auth/register', { method: 'POST', body: input, noSessionHandling: true }),
  confirmCourierSignup: (token: string) =>
    api<ResponseOf<'POST /auth/register/confirm'>>('/auth/register/confirm', { method: 'POST', body: { token }, noSessionHandling: true }),
  profile: () => api<ResponseOf<'GET /auth/profile'>>('/auth/profile'),
  customerProfile: () => api<ResponseOf<'GET /customers/profile'>>('/customers/profile'),
  logout: () => api<ResponseOf<'POST /auth/logout'>>('/auth/logout', { method: 'POST', noSessionHandling: true }),
  requestPasswordReset: (input: { email: string; api_key?: string | null }) =>
    api<ResponseOf<'POST /auth/request-password-reset'>>('/auth/request-password-reset', { method: 'POST', body: input, noSessionHandling: true }),
  confirmEmail: (input: { token: string }) =>
    api<ResponseOf<'POST /auth/confirm-email'>>('/auth/confirm-email', { method: 'POST', body: input, noSessionHandling: true }),
  resetPassword: (input: { token: string; newPassword: string }) =>
    api<ResponseOf<'POST /auth/reset-password'>>('/auth/reset-password', { method: 'POST', body: input, noSessionHandling: true }),
  resetCustomerPassword: (input: { token: string; newPassword: string; api_key?: string | null }) =>
    api<ResponseOf<'POST /auth/customer/reset-password'>>('/auth/customer/reset-password', { method: 'POST', body: input, noSessionHandling: true }),
  changePassword: (input: { currentPassword: string; newPassword: string }) =>
    api<ResponseOf<'PUT /auth/change-password'>>('/auth/change-password', { method: 'PUT', body: input, noSessionHandling: true }),
  updateOwnProfile: (id: string, input: { firstName: string; lastName: string; email: string }) =>
    api<ResponseOf<'PUT /users/:id'>>(`/users/${id}`, { method: 'PUT', body: input }),
  updateOwnPassword: (id: string, input: { currentPassword: string; newPassword: string }) =>
    api<ResponseOf<'PUT /users/:id/password'>>(`/users/${id}/password`, { method: 'PUT', body: input, noSessionHandling: true }),
};
