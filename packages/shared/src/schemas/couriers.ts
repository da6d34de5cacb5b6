import { z } from 'zod';

export const publicCourierSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  api_key: z.string(),
  logo_url: z.string().nullable(),
});
export const publicCourierListSchema = z.object({ success: z.literal(true), couriers: z.array(publicCourierSchema) });

export const courierValidationSchema = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.string(),
    name: z.string(),
    code: z.string(),
    logo_url: z.string().nullable(),
    supports_membership: z.boolean(),
    login_notice: z.string().nullable(),
  }),
});
export type ValidatedCourier = z.infer<typeof courierValidationSchema>['data'];

export const publicBranchListSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const membershipSupportSchema = z.object({ success: z.literal(true), supportsMembership: z.boolean() });

