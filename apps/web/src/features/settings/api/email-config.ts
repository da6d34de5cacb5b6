import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { emailConfigSchema } from '@parceldesk/shared/schemas/settings';
import { api } from '../../../lib/api-client';

/** The stored configuration; the password itself never comes back, only whether one is set. */
export interface EmailConfig {
  smtp_host: string;
  smtp_port: number;
  smtp_user: string;
  from_email: string;
  from_name: string;
  status: 'active' | 'inactive';
  has_password: boolean;
}
export type EmailConfigValues = z.output<typeof emailConfigSchema>;

const path = (courierId: string) => `/settings/couriers/${encodeURIComponent(courierId)}/email-config`;

export const emailConfigQuery = (courierId: string) => queryOptions({
  queryKey: ['settings', 'email-config', courierId],
  queryFn: ({ signal }) => api<{ success: boolean; data: EmailConfig | null }>(path(courierId), { signal }).then((r) => r.data ?? null),
});

export const useEmailConfig = (courierId: string) => useQuery(emailConfigQuery(courierId));

/** An empty smtp_password keeps the stored one. */
export function useSaveEmailConfig(courierId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailConfigValues) => api<{ success: boolean }>(path(courierId), { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: emailConfigQuery(courierId).queryKey }),
  });
}

/** Sends a real message through the saved configuration; the answer is the SMTP server's. */
export const useSendTestEmail = (courierId: string) =>
  useMutation({
    mutationFn: (testEmail: string) =>
      api<{ success: boolean; message: string }>(`${path(courierId)}/test`, { method: 'POST', body: { test_email: testEmail } }),
  });
