import type { AuthUser, CustomerProfile, CourierSignupInput, LoginInput, CustomerLoginInput } from '@parceldesk/shared/schemas/auth';
import type { CustomerRegisterInput } from '@parceldesk/shared/schemas/registration';
import type { Role } from '@parceldesk/shared/roles';
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
    api<{ token: string; user: AuthUser }>(STAFF_SIDE_LOGIN[portal], { method: 'POST', body: input, noSessionHandling: true }),
  loginCustomer: (input: CustomerLoginInput) =>
    api<{ token: string; customer: CustomerProfile; message: string }>('/customers/login', { method: 'POST', body: input, noSessionHandling: true }),
  tokenLogin: (token: string) =>
    api<{ token?: string; role: Role; user?: AuthUser; customer?: CustomerProfile }>('/auth/token-login', { method: 'POST', body: { token }, noSessionHandling: true }),
  registerCustomer: (input: CustomerRegisterInput) =>
    api<{ token: string; customer: CustomerProfile }>('/customers/register', { method: 'POST', body: input, noSessionHandling: true }),
  registerCourier: (input: CourierSignupInput) =>
    api<{ success: true; message: string }>('/auth/register', { method: 'POST', body: input, noSessionHandling: true }),
  confirmCourierSignup: (token: string) =>
    api<{ token: string; user: AuthUser }>('/auth/register/confirm', { method: 'POST', body: { token }, noSessionHandling: true }),
  profile: () => api<{ user: AuthUser }>('/auth/profile'),
  customerProfile: () => api<{ customer: CustomerProfile }>('/customers/profile'),
  logout: () => api<{ message: string }>('/auth/logout', { method: 'POST', noSessionHandling: true }),
  requestPasswordReset: (input: { email: string; api_key?: string | null }) =>
    api<{ success: true; message: string }>('/auth/request-password-reset', { method: 'POST', body: input, noSessionHandling: true }),
  confirmEmail: (input: { token: string }) =>
    api<{ message: string; role: Role }>('/auth/confirm-email', { method: 'POST', body: input, noSessionHandling: true }),
  resetPassword: (input: { token: string; newPassword: string }) =>
    api<{ message: string }>('/auth/reset-password', { method: 'POST', body: input, noSessionHandling: true }),
  resetCustomerPassword: (input: { token: string; newPassword: string; api_key?: string | null }) =>
    api<{ message: string }>('/auth/customer/reset-password', { method: 'POST', body: input, noSessionHandling: true }),
  changePassword: (input: { currentPassword: string; newPassword: string }) =>
    api<{ message: string }>('/auth/change-password', { method: 'PUT', body: input, noSessionHandling: true }),
  updateOwnProfile: (id: string, input: { firstName: string; lastName: string; email: string }) =>
    api<{ user: AuthUser; message: string }>(`/users/${id}`, { method: 'PUT', body: input }),
  updateOwnPassword: (id: string, input: { currentPassword: string; newPassword: string }) =>
    api<{ message: string }>(`/users/${id}/password`, { method: 'PUT', body: input, noSessionHandling: true }),
};
