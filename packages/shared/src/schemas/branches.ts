import { z } from 'zod';
import { MSG } from '../messages';
import { idSchema, optionalText, requiredText } from './common';
import type { ListColumns } from './people';

/** Branch screens (/admin/branches, /superadmin/branches), issue 3. */
export const BRANCH_MSG = {
  nameRequired: 'Branch name is required',
  nameTaken: 'A branch with this name already exists',
  courierRequired: MSG.courierRequired,
  branchInactive: 'Choose an active branch',
} as const;

const branchFields = {
  name: requiredText(BRANCH_MSG.nameRequired, 120),
  code: optionalText(20),
  address: optionalText(300),
  phone: optionalText(40),
  openingHours: optionalText(300),
  isActive: z.boolean().optional(),
};

/** POST /branches. A super admin names the courier; a courier admin's own is used (and another answers 404). */
export const createBranchSchema = z.object({
  ...branchFields,
  courierId: idSchema.optional().nullable(),
});
export type CreateBranchInput = z.input<typeof createBranchSchema>;

/** PUT /branches/{id}. Optional fields left out keep their value; null or '' clears them. */
export const updateBranchSchema = z.object(branchFields);
export type UpdateBranchInput = z.input<typeof updateBranchSchema>;

export const branchListItemSchema = z.object({
  id: z.string(),
  courierId: z.string(),
  courierName: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  openingHours: z.string().nullable(),
  isActive: z.boolean(),
  customersCount: z.number().int(),
  createdAt: z.string(),
});
export type BranchListItem = z.infer<typeof branchListItemSchema>;

export const branchListColumns = {
  name: { sortable: true, filter: 'text' },
  code: { sortable: true, filter: 'text' },
  address: { sortable: true, filter: 'text' },
  phone: { sortable: true, filter: 'text' },
  openingHours: { filter: 'text' },
  isActive: { sortable: true, filter: 'dropdown' },
  courierName: { sortable: true, filter: 'dropdown' },
  customersCount: { sortable: true, filter: 'number' },
  createdAt: { sortable: true, filter: 'text' },
} as const satisfies ListColumns;

export const branchDetailSchema = branchListItemSchema.extend({
  staffCount: z.number().int(),
  updatedAt: z.string(),
});
export type BranchDetail = z.infer<typeof branchDetailSchema>;
