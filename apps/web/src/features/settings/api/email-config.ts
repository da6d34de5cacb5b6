import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { emailConfigSchema } from '@parceldesk/shared/schemas/settings';
import { api } from '../../../lib/api-client';

export type { EmailConfig } from '@parceldesk/shared/schemas/settings-responses';
export type EmailConfigValues = z.output<typeof emailConfigSchema>;

const path = (courierId: string) => `/settings/couriers/${encodeURIComponent(courierId)}/email-config`;

export const emailConfigQuery = (courierId: string) => queryOptions({
  queryKey: ['settings', 'email-config', courierId],
  queryFn: ({ signal }) => api<ResponseOf<'GET /settings/couriers/:id/email-config'>>(path(courierId), { signal }).then((r) => r.data),
});

export const useEmailConfig = (courierId: string) => useQuery(emailConfigQuery(courierId));

/** An empty smtp_password keeps the stored one. */
export function useSaveEmailConfig(courierId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailConfigValues) => api<ResponseOf<'POST /settings/couriers/:id/email-config'>>(path(courierId), { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: emailConfigQuery(courierId).queryKey }),
  });
}

/** Sends a real message through the saved configuration; the answer is the SMTP server's. */
export const useSendTestEmail = (courierId: string) =>
  useMutation({
    mutationFn: (testEmail: string) =>
      api<ResponseOf<'POST /settings/couriers/:id/email-config/test'>>(`${path(courierId)}/test`, { method: 'POST', body: { test_email: testEmail } }),
  });
