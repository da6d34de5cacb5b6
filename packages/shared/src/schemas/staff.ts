import { z } from 'zod';
import { HIREABLE_ROLES } from '../roles';
import { emailSchema, idSchema } from './common';
import { personNameFields, type ListColumns } from './people';
import { permissionListSchema } from './roles';

/** Staff screens (/admin/staff, /staff/staff, /superadmin/staff), issue 3. Hiring is POST /auth/staff/register. */
export const STAFF_MSG = {
  roleInvalid: 'Role must be branch_manager or staff',
  roleNotFound: 'Role not found',
  roleForOtherPosition: 'The chosen role is for another position',
  branchNotFound: 'Branch not found',
  courierAdminReadOnly: 'Courier administrators are managed from the courier page',
  notYourself: 'You cannot do this to your own account',
  ownBranchOnly: 'You can only manage staff of your own branch',
  staffOnly: 'You can only manage users in the staff position',
  permissionNotHeld: 'You cannot grant a permission you do not hold',
  accountBeyondYours: 'You can only manage accounts whose permissions you hold yourself. This one also holds:',
  deactivated: 'Staff member deactivated',
  reactivated: 'Staff member reactivated',
  invitationSent: 'Invitation sent',
  emailChangeSent: 'Saved. The new email address takes effect once its owner opens the confirmation link we sent to it.',
} as const;

export const staffPositionSchema = z.enum(['courier_admin', 'branch_manager', 'staff']);

export const staffListItemSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  /** The position: courier_admin rows appear in the super admin's list only, read-only. */
  role: staffPositionSchema,
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  courierId: z.string(),
  courierName: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type StaffListItem = z.infer<typeof staffListItemSchema>;

export const staffListColumns = {
  name: { sortable: true, filter: 'text' },
  email: { sortable: true, filter: 'text' },
  role: { sortable: true, filter: 'dropdown' },
  roleName: { sortable: true, filter: 'dropdown' },
  branchName: { sortable: true, filter: 'dropdown' },
  isActive: { sortable: true, filter: 'dropdown' },
  courierName: { sortable: true, filter: 'dropdown' },
  createdAt: { sortable: true, filter: 'text' },
} as const satisfies ListColumns;

export const staffDetailSchema = staffListItemSchema.extend({
  /** Extra permissions given to this user on top of the role's. */
  permissions: z.array(z.string()),
  rolePermissions: z.array(z.string()),
  effectivePermissions: z.array(z.string()),
  /** True until the user has chosen a password from the invitation email. */
  invitationPending: z.boolean(),
  /** A new address asked for and not yet confirmed by its owner (issue 15 #2). */
  pendingEmail: z.string().nullable(),
  updatedAt: z.string(),
});
export type StaffDetail = z.infer<typeof staffDetailSchema>;

/** PUT /staff/{id}. */
export const updateStaffSchema = z.object({
  ...personNameFields,
  email: emailSchema,
  role: z.enum(HIREABLE_ROLES, { error: STAFF_MSG.roleInvalid }),
  roleId: idSchema.optional().nullable(),
  branchId: idSchema.optional().nullable(),
  permissions: permissionListSchema.optional(),
});
export type UpdateStaffInput = z.input<typeof updateStaffSchema>;
