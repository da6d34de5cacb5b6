import { z } from 'zod';
import { MSG } from '../messages';
import { PERMISSIONS } from '../permissions';
import { idSchema, optionalText, requiredText } from './common';
import type { ListColumns } from './people';

/** Role screens (/admin/roles, /superadmin/roles), issue 3. */
export const ROLE_MSG = {
  nameRequired: 'Role name is required',
  nameTaken: 'A role with this name already exists',
  courierRequired: MSG.courierRequired,
  builtinNotDeletable: 'Built-in roles cannot be deleted',
  deleted: 'Role deleted',
} as const;

export const unknownPermissionMessage = (permission: string) => `Unknown permission: ${permission}`;

export const roleInUseMessage = (count: number) =>
  `This role is assigned to ${count} staff ${count === 1 ? 'member' : 'members'} and cannot be deleted`;

/** A list of permission names from the catalogue (packages/shared/src/permissions.ts), no repeats. */
export const permissionListSchema = z
  .array(z.string().max(100))
  .max(200)
  .superRefine((list, ctx) => {
    const unknown = list.find((p) => !(PERMISSIONS as readonly string[]).includes(p));
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: unknownPermissionMessage(unknown) });
  })
  .transform((list) => [...new Set(list)]);

const roleFields = {
  name: requiredText(ROLE_MSG.nameRequired, 80),
  description: optionalText(500),
  permissions: permissionListSchema.default([]),
};

/** POST /roles. A super admin names the courier; a courier admin's own is used. */
export const createRoleSchema = z.object({ ...roleFields, courierId: idSchema.optional().nullable() });
export type CreateRoleInput = z.input<typeof createRoleSchema>;

export const updateRoleSchema = z.object(roleFields);
export type UpdateRoleInput = z.input<typeof updateRoleSchema>;

export const roleListItemSchema = z.object({
  id: z.string(),
  courierId: z.string(),
  courierName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** branch_manager or staff for the two built-in roles (not deletable), else null. */
  builtin: z.enum(['branch_manager', 'staff']).nullable(),
  permissions: z.array(z.string()),
  usersCount: z.number().int(),
  createdAt: z.string(),
});
export type RoleListItem = z.infer<typeof roleListItemSchema>;

export const roleListColumns = {
  name: { sortable: true, filter: 'text' },
  description: { filter: 'text' },
  builtin: { sortable: true, filter: 'dropdown' },
  usersCount: { sortable: true, filter: 'number' },
  courierName: { sortable: true, filter: 'dropdown' },
  createdAt: { sortable: true, filter: 'text' },
} as const satisfies ListColumns;

export const roleDetailSchema = roleListItemSchema.extend({ updatedAt: z.string() });
export type RoleDetail = z.infer<typeof roleDetailSchema>;

/** GET /permissions: the catalogue, flat and grouped by module (spec section 6). */
export const permissionCatalogueSchema = z.object({
  permissions: z.array(z.object({ name: z.string(), label: z.string(), module: z.string() })),
  modules: z.array(z.object({
    module: z.string(),
    label: z.string(),
    permissions: z.array(z.object({ name: z.string(), label: z.string() })),
  })),
});
export type PermissionCatalogue = z.infer<typeof permissionCatalogueSchema>;
