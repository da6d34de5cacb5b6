import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { customerListColumns, type CustomerListItem } from '@parceldesk/shared/schemas/customers';
import type { ticketListColumns, TicketListItem } from '@parceldesk/shared/schemas/tickets';
import type { ListTableColumns } from './types';

/**
 * Issue 10, one contract per route: a table's fields are the keys of its list's shared
 * `*ListColumns`. The `@ts-expect-error` lines are the test: `npm run typecheck` fails the day one
 * of them compiles.
 */
describe('ListTableColumns', () => {
  it('takes the shared keys, and refuses a field, a sort or a filter the server does not have', () => {
    const columns: ListTableColumns<CustomerListItem, typeof customerListColumns, 'actions'> = [
      { field: 'name', label: 'Name', sortable: true, filterable: true },
      { field: 'actions', label: 'Actions', exportable: false },
      // @ts-expect-error -- not a column of GET /customers
      { field: 'nickname', label: 'Nickname' },
      // @ts-expect-error -- a display-only column never sorts
      { field: 'actions', label: 'Actions', sortable: true },
    ];
    expect(columns.map((column) => column.field)).toEqual(['name', 'actions', 'nickname', 'actions']);
    expect(Object.keys(customerListColumns)).toContain('name');

    const tickets: ListTableColumns<TicketListItem, typeof ticketListColumns> = [
      { field: 'unread', label: 'Unread', filterable: true },
      // @ts-expect-error -- GET /tickets filters by unread but does not sort by it
      { field: 'unread', label: 'Unread', sortable: true },
      // @ts-expect-error -- GET /tickets sorts by updatedAt but does not filter by it
      { field: 'updatedAt', label: 'Last Activity', filterable: true },
    ];
    expect(tickets).toHaveLength(3);
  });

  it("is how every feature's list declares its columns (a loose DataTableColumn<Row>[] would skip the check)", () => {
    const features = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'features');
    const files = readdirSync(features, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    const loose = files.filter((file) => /DataTableColumn<[^,>]+>\[\]/.test(readFileSync(path.join(features, file), 'utf8')));
    expect(loose).toEqual([]);
  });
});
