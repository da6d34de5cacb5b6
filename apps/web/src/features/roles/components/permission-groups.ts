import { groupPermissionsByModule, PERMISSION_LABELS, PERMISSIONS, type Permission } from '@parceldesk/shared/permissions';

/** Headings for the modules of spec section 6 (the part of a permission before the underscore). */
const MODULE_LABELS: Record<string, string> = {
  dashboard: 'Dashboard',
  packages: 'Packages',
  customers: 'Customers',
  staff: 'Staff',
  reports: 'Reports',
  delivery: 'Delivery Requests',
  manifests: 'Manifests',
  invoices: 'Invoices',
  payments: 'Payments',
  tickets: 'Support Tickets',
  settings: 'Settings',
};

export interface PermissionGroup {
  module: string;
  label: string;
  permissions: { name: string; label: string }[];
}

const labelOf = (name: string) => PERMISSION_LABELS[name as Permission] ?? name;

/** The catalogue grouped by module, in the order the permissions are declared. */
export function permissionGroups(catalogue: readonly string[] = PERMISSIONS): PermissionGroup[] {
  return Object.entries(groupPermissionsByModule(catalogue)).map(([module, names]) => ({
    module,
    label: MODULE_LABELS[module] ?? module.charAt(0).toUpperCase() + module.slice(1),
    permissions: names.map((name) => ({ name, label: labelOf(name) })),
  }));
}

export type ModuleState = 'all' | 'some' | 'none';

/** How much of a module the selection holds: drives the select-all box (checked, indeterminate, empty). */
export function moduleState(selected: readonly string[], module: readonly string[]): ModuleState {
  const held = module.filter((name) => selected.includes(name)).length;
  if (held === 0) return 'none';
  return held === module.length ? 'all' : 'some';
}

/** Select-all: adds every permission of the module, or removes them all, keeping catalogue order. */
export function setModule(selected: readonly string[], module: readonly string[], on: boolean, catalogue: readonly string[] = PERMISSIONS): string[] {
  const next = new Set(selected);
  for (const name of module) {
    if (on) next.add(name);
    else next.delete(name);
  }
  return orderByCatalogue(next, catalogue);
}

export function togglePermission(selected: readonly string[], name: string, on: boolean, catalogue: readonly string[] = PERMISSIONS): string[] {
  return setModule(selected, [name], on, catalogue);
}

/** Catalogue order first, then anything the catalogue does not know (kept, never dropped silently). */
function orderByCatalogue(names: Set<string>, catalogue: readonly string[]): string[] {
  const known = catalogue.filter((name) => names.has(name));
  const unknown = [...names].filter((name) => !catalogue.includes(name));
  return [...known, ...unknown];
}
