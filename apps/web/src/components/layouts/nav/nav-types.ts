import type { TablerIcon } from '@tabler/icons-react';
import type { Permission } from '@parceldesk/shared/permissions';

/** One sidebar entry: every entry links to a working screen (issue 14 enabled the last ones). */
export interface NavEntry {
  label: string;
  path: string;
  icon: TablerIcon;
  /** Shown only to users holding it (staff sidebar, spec section 2). */
  permission?: Permission;
  /** A count shown beside the label (the Support Tickets unread badge, issue 5). */
  badge?: 'unreadTickets';
}

export interface NavArea {
  /** The area's root path; it renders the dashboard (index route). */
  root: string;
  items: readonly NavEntry[];
}

function isWithin(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The entry the location belongs to; the bare area root counts as its dashboard. */
export function activeEntry(area: NavArea, pathname: string): NavEntry | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const path = trimmed === area.root ? `${area.root}/dashboard` : trimmed;
  return area.items.find((item) => isWithin(path, item.path));
}
