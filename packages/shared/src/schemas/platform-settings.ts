import { z } from 'zod';
import { MEMBERSHIP_TYPES } from '../constants';
import { EMAIL_PATTERN } from './common';
import { volumetricDivisorSchema } from './packages';
import { membershipRateSchema, PRICING_MSG, storageRulesFormSchema, storageRulesSchema } from './pricing-settings';
import { additionalFeesSchema } from './settings';
import { ticketSettingsSchema } from './tickets';

/**
 * GET/PUT /platform/settings (issue 14, /superadmin/settings; decision 023): the settings a new
 * courier starts with, and the sender of the platform's own email. Every part reuses the schema
 * of the courier setting it seeds, so a default is checked by the same rule and message as the
 * courier's own value. Storage money is J$ cents (as the courier's storage rules).
 */
export const PLATFORM_MSG = {
  updated: 'Platform settings updated successfully!',
  failed: 'Failed to update platform settings',
  senderEmail: 'Enter a valid sender email address',
  senderName: 'Enter the sender name (at most 100 characters)',
  senderPair: 'Enter the sender name and email together, or leave both empty',
  membershipTypes: PRICING_MSG.membershipTypes,
} as const;

const senderSchema = z.object({
  name: z.string({ error: PLATFORM_MSG.senderName }).trim().max(100, PLATFORM_MSG.senderName).nullable()
    .transform((value) => value || null),
  email: z.string({ error: PLATFORM_MSG.senderEmail }).trim().max(254, PLATFORM_MSG.senderEmail)
    .refine((value) => value === '' || EMAIL_PATTERN.test(value), PLATFORM_MSG.senderEmail).nullable()
    .transform((value) => value || null),
}).superRefine((value, ctx) => {
  if ((value.name === null) !== (value.email === null)) ctx.addIssue({ code: 'custom', message: PLATFORM_MSG.senderPair, path: [value.name === null ? 'name' : 'email'] });
});

const membershipDefaultsSchema = z.array(membershipRateSchema).length(MEMBERSHIP_TYPES.length, PLATFORM_MSG.membershipTypes)
  .refine((rates) => new Set(rates.map((rate) => rate.membershipType)).size === rates.length, PLATFORM_MSG.membershipTypes);

const parts = {
  fees: additionalFeesSchema.describe('GCT percent and the named fees (J$), as settings tab 2'),
  volumetricDivisor: volumetricDivisorSchema.shape.volumetricDivisor,
  ticketDepartments: ticketSettingsSchema.shape.departments,
  membershipRates: membershipDefaultsSchema.describe('Every membership type once: freight discount and processing-fee waiver'),
  sender: senderSchema.describe('From of the platform\'s own email (invitations, resets); both null: the server\'s MAIL_FROM'),
};

export const platformSettingsSchema = z.object({ ...parts, storageRules: storageRulesSchema });
export type PlatformSettingsInput = z.input<typeof platformSettingsSchema>;
export type PlatformSettings = z.output<typeof platformSettingsSchema>;

/** The /superadmin/settings form: storage rules as the courier's storage form types them (J$, days as text). */
export const platformSettingsFormSchema = z.object({ ...parts, storageRules: storageRulesFormSchema });
export type PlatformSettingsForm = z.input<typeof platformSettingsFormSchema>;

export const platformSettingsViewSchema = z.object({
  fees: z.object({ gct: z.number(), unknownFee: z.number(), uncollectedFee: z.number(), switchingFee: z.number() }),
  volumetricDivisor: z.number().int(),
  storageRules: z.object({
    thresholdDays: z.number().int(), reminderDays: z.array(z.number().int()), feeMode: z.enum(['once', 'per_day']),
    capCents: z.number().int().nullable(), abandonmentDays: z.number().int(),
  }),
  ticketDepartments: z.array(z.string()),
  membershipRates: z.array(z.object({ membershipType: z.enum(MEMBERSHIP_TYPES), freightDiscountPercent: z.number(), waiveProcessingFee: z.boolean() })),
  sender: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  /** What the platform's email is sent from now (the sender above, else the server's MAIL_FROM). */
  effectiveFrom: z.string(),
  updatedAt: z.string(),
});
export type PlatformSettingsView = z.infer<typeof platformSettingsViewSchema>;
export const platformSettingsSavedSchema = platformSettingsViewSchema.extend({ message: z.string() });
