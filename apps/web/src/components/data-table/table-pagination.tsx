import { Button, Group, Loader, NativeSelect, Text, VisuallyHidden } from '@mantine/core';
import { TABLE_PAGE_SIZES } from '@parceldesk/shared/constants';
import { pageList } from '@parceldesk/shared/schemas/list-query';

interface TablePaginationProps {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  /** The next page is loading while the current one stays on screen. */
  isFetching: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** Rows per page, 'Showing X–Y of Z' and the page list of spec section 9. */
export function TablePagination({ page, pageSize, total, totalPages, isFetching, onPage, onPageSize }: TablePaginationProps) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group gap="md" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Rows per page"
          size="xs"
          w={110}
          data={TABLE_PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(event) => onPageSize(Number(event.currentTarget.value))}
        />
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" aria-live="polite">
            {`Showing ${from}–${to} of ${total}`}
          </Text>
          {isFetching ? (
            <span role="status">
              <Loader size="xs" aria-hidden />
              <VisuallyHidden>Loading…</VisuallyHidden>
            </span>
          ) : null}
        </Group>
      </Group>
      <Group component="nav" aria-label="Pagination" gap={4} wrap="wrap">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {pageList(page, totalPages).map((item, index) =>
          item === 'ellipsis' ? (
            <Text key={`ellipsis-${index}`} size="sm" c="dimmed" px={4} aria-hidden>
              …
            </Text>
          ) : (
            <Button
              key={item}
              size="xs"
              variant={item === page ? 'filled' : 'default'}
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
              onClick={() => onPage(item)}
            >
              {item}
            </Button>
          ),
        )}
        <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
