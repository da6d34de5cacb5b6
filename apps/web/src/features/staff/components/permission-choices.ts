import { groupPermissionsByModule, PERMISSION_LABELS, type Permission } from '@parceldesk/shared/permissions';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The grantable permissions as grouped choices ("Customers › Edit customers"). */
export function permissionChoices(grantable: readonly string[]) {
  return Object.entries(groupPermissionsByModule(grantable)).map(([module, names]) => ({
    group: capitalise(module),
    items: names.map((name) => ({ value: name, label: PERMISSION_LABELS[name as Permission] ?? name })),
  }));
}
