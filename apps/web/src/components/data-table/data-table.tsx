import { useId, useState, type JSX } from 'react';
import { Alert, Button, Collapse, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api-client';
import { ExportButtons } from './export-buttons';
import { FilterPanel } from './filter-panel';
import { TableGrid } from './table-grid';
import { TablePagination } from './table-pagination';
import { TableToolbar } from './table-toolbar';
import type { DataTableProps } from './types';
import { useDataTable } from './use-data-table';

export type { DataTableColumn, DataTableProps, ListTableColumn, ListTableColumns } from './types';

/**
 * The one list of the product (issue 3, spec sections 4, 5 and 9): debounced search, pending
 * per-column filters, sort, paging and export, all kept in the URL and fetched from a list
 * endpoint that follows packages/shared/src/schemas/list-query.ts.
 */
export function DataTable<T>(props: DataTableProps<T>): JSX.Element {
  const { endpoint, columns, rowKey, onRowClick, rowHref, title, toolbar, exportFileName, searchPlaceholder = 'Search…' } = props;
  const table = useDataTable(props);
  const { request, query } = table;
  const panelId = useId();
  const headingId = useId();
  const [isFilterOpen, setFilterOpen] = useState(() => Object.keys(table.request.filters).length > 0);
  const hasFilters = table.filterColumns.length > 0;
  const actions =
    exportFileName || toolbar ? (
      <>
        {exportFileName ? <ExportButtons endpoint={endpoint} request={request} columns={columns} fileName={exportFileName} /> : null}
        {toolbar}
      </>
    ) : null;

  return (
    <Stack gap="md" aria-labelledby={title ? headingId : undefined} component={title ? 'section' : 'div'}>
      {title ? (
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
      ) : null}
      <TableToolbar
        search={table.search}
        searchPlaceholder={searchPlaceholder}
        filters={hasFilters ? { isOpen: isFilterOpen, onToggle: () => setFilterOpen((open) => !open), activeCount: Object.keys(request.filters).length, panelId } : undefined}
        actions={actions}
      />
      {hasFilters ? (
        <Collapse expanded={isFilterOpen}>
          <FilterPanel
            id={panelId}
            columns={table.filterColumns}
            options={query.data?.filterOptions ?? {}}
            pending={table.filters.pending}
            onChange={table.filters.setFilter}
            onApply={table.apply}
            onClear={table.clear}
          />
        </Collapse>
      ) : null}
      {query.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Could not load the list">
          <Stack gap="xs" align="flex-start">
            {errorMessage(query.error, 'Something went wrong. Please try again.')}
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <TableGrid
            label={title ?? 'Data table'}
            columns={columns}
            rows={query.data?.data}
            rowKey={rowKey}
            rowHref={rowHref}
            onRowClick={onRowClick}
            sort={request.sort}
            order={request.order}
            onSort={table.toggleSort}
            isStale={query.isPlaceholderData}
            hasSearchOrFilters={table.hasSearchOrFilters}
          />
          {table.total > 0 ? (
            <TablePagination
              page={request.page}
              pageSize={request.pageSize}
              total={table.total}
              totalPages={table.totalPages}
              isFetching={query.isPlaceholderData}
              onPage={table.setPage}
              onPageSize={table.setPageSize}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
