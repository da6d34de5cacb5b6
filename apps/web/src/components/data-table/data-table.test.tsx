import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '@parceldesk/shared/constants';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';

// Not the contract-checked fake (test/contract-api.ts): the table is infrastructure that fetches
// whatever endpoint it is given, so these rows are the test's own shape; each list's contract is
// checked by its feature's tests and by the server's.
const mocks = vi.hoisted(() => ({ api: vi.fn(), saveBlob: vi.fn(), notify: { error: vi.fn(), warning: vi.fn() } }));
vi.mock('../../lib/api-client', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api-client')>()), api: mocks.api }));
vi.mock('../../lib/download-file', () => ({ saveBlob: mocks.saveBlob }));
vi.mock('../../lib/toast', () => ({ notify: mocks.notify }));

interface Row {
  id: string;
  name: string;
  status: string;
  total: number;
}
const ALL: Row[] = Array.from({ length: 103 }, (_, i) => ({ id: `c${i + 1}`, name: `Customer ${i + 1}`, status: i % 3 === 0 ? 'inactive' : 'active', total: i * 1.5 }));

/** A tiny list endpoint following the list-query convention. */
function fakeList(path: string, rows: Row[] = ALL): ListResponse<Row> {
  const params = new URL(path, 'http://test').searchParams;
  const search = params.get('search')?.toLowerCase();
  const filters = JSON.parse(params.get('filters') ?? '{}') as Record<string, string>;
  let out = rows.filter((row) => !search || row.name.toLowerCase().includes(search));
  if (filters.status) out = out.filter((row) => row.status === filters.status);
  if (filters.name) out = out.filter((row) => row.name.includes(filters.name ?? ''));
  const sort = params.get('sort') as keyof Row | null;
  if (sort) out = [...out].sort((a, b) => String(a[sort]).localeCompare(String(b[sort]), 'en', { numeric: true }) * (params.get('order') === 'desc' ? -1 : 1));
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    data: out.slice((page - 1) * pageSize, page * pageSize),
    total: out.length,
    page,
    pageSize,
    filterOptions: { status: [{ label: 'Active', value: 'active' }, { label: 'Inactive', value: 'inactive' }] },
  };
}

const columns: DataTableColumn<Row>[] = [
  { field: 'name', label: 'Name', sortable: true, filterable: true },
  { field: 'status', label: 'Status', sortable: true, filterable: true },
  { field: 'total', label: 'Total', filterable: true, render: (row) => `$${row.total.toFixed(2)}` },
];

let location = '';
function LocationProbe() {
  location = useLocation().search;
  return null;
}

function renderTable(props: Partial<DataTableProps<Row>> = {}, entry = '/customers') {
  renderWithProviders(
    <>
      <DataTable<Row> endpoint="/customers" title="Customers" columns={columns} rowKey={(row) => row.id} {...props} />
      <LocationProbe />
    </>,
    { route: entry },
  );
}

/** The query params of every API call so far. */
const calls = () => mocks.api.mock.calls.map(([path]) => Object.fromEntries(new URL(String(path), 'http://test').searchParams));
const lastCall = () => calls().at(-1);
const rowNames = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]?.textContent);

beforeEach(() => {
  vi.clearAllMocks();
  mocks.api.mockImplementation((path: string) => Promise.resolve(fakeList(path)));
});

// Each test renders Mantine and waits on real timers (the 300 ms debounce): allow for a loaded machine.
describe('DataTable', { timeout: 20_000 }, () => {
  it('shows a spinner, then the first page of rows with paging', async () => {
    renderTable();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(await screen.findByText('Customer 1')).toBeTruthy();
    expect(mocks.api).toHaveBeenCalledWith('/customers?page=1&pageSize=10', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(rowNames()).toHaveLength(10);
    expect(screen.getByText('$1.50')).toBeTruthy();
    expect(screen.getByText('Showing 1–10 of 103')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(['Previous', 'Page 1', 'Page 2', 'Page 11', 'Next']);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('table', { name: 'Customers' })).toBeTruthy();
  });

  it('searches once, 300 ms after the last keystroke, and returns to page 1', async () => {
    renderTable({}, '/customers?page=3');
    await screen.findByText('Customer 21');
    mocks.api.mockClear();
    let calledAt = 0;
    mocks.api.mockImplementation((path: string) => {
      calledAt = performance.now();
      return Promise.resolve(fakeList(path));
    });
    const box = screen.getByLabelText('Search');
    fireEvent.change(box, { target: { value: 'c' } });
    fireEvent.change(box, { target: { value: 'cu' } });
    const typedAt = performance.now(); // just before the last keystroke starts the 300 ms wait
    fireEvent.change(box, { target: { value: 'customer 5' } });
    expect(mocks.api).not.toHaveBeenCalled();
    await waitFor(() => expect(mocks.api).toHaveBeenCalledTimes(1));
    expect(calledAt - typedAt).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS - 5);
    expect(lastCall()).toEqual({ page: '1', pageSize: '10', search: 'customer 5' });
    expect(await screen.findByText('Customer 50')).toBeTruthy();
    expect(new URLSearchParams(location).get('search')).toBe('customer 5');
    expect(new URLSearchParams(location).get('page')).toBeNull();
  });

  it('keeps filter edits pending until Apply, which returns to page 1', async () => {
    renderTable({}, '/customers?page=2');
    await screen.findByText('Customer 11');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByRole('form', { name: 'Filters' });
    // status has filterOptions → a dropdown; total → a number input; name → a text box.
    await user.click(within(panel).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    fireEvent.change(within(panel).getByLabelText('Name'), { target: { value: 'Customer 1' } });
    expect(within(panel).getByLabelText('Total').getAttribute('inputmode')).toBe('decimal');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls().every((call) => call.filters === undefined)).toBe(true);

    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastCall()).toEqual({ page: '1', pageSize: '10', filters: '{"status":"inactive","name":"Customer 1"}' }));
    await waitFor(() => expect(rowNames()).toEqual(['Customer 1', 'Customer 10', 'Customer 13', 'Customer 16', 'Customer 19', 'Customer 100', 'Customer 103']));
    expect(JSON.parse(new URLSearchParams(location).get('filters') ?? '')).toEqual({ status: 'inactive', name: 'Customer 1' });
  });

  it('Clear resets search and filters and returns to page 1', async () => {
    renderTable({}, '/customers?page=2&search=customer&filters={"status":"active"}');
    await screen.findByText('Showing 11–20 of 68');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('customer');
    // The panel starts open when filters are active.
    const panel = screen.getByRole('form', { name: 'Filters' });
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(lastCall()).toEqual({ page: '1', pageSize: '10' }));
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect((within(panel).getByLabelText('Status') as HTMLInputElement).value).toBe('');
    expect(location).toBe('');
    expect(await screen.findByText('Showing 1–10 of 103')).toBeTruthy();
  });

  it('toggles sort ascending and descending from the header buttons', async () => {
    renderTable();
    await screen.findByText('Customer 1');
    const header = () => screen.getByRole('columnheader', { name: /Name/ });
    expect(header().getAttribute('aria-sort')).toBe('none');
    expect(within(screen.getByRole('columnheader', { name: 'Total' })).queryByRole('button')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(header()).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('ascending'));
    expect(lastCall()).toMatchObject({ sort: 'name', order: 'asc' });
    await user.click(within(header()).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('descending'));
    expect(lastCall()).toMatchObject({ sort: 'name', order: 'desc' });
    await waitFor(() => expect(rowNames()[0]).toBe('Customer 103'));
  });

  it('moves between pages and changes the page size', async () => {
    renderTable();
    await screen.findByText('Customer 1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page'));
    expect(await screen.findByText('Customer 11')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21–30 of 103')).toBeTruthy();
    expect(within(screen.getByRole('navigation')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Previous', '1', '2', '3', '4', '11', 'Next']);
    await user.click(screen.getByRole('button', { name: 'Page 11' }));
    expect(await screen.findByText('Showing 101–103 of 103')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(await screen.findByText('Showing 1–25 of 103')).toBeTruthy();
    expect(lastCall()).toEqual({ page: '1', pageSize: '25' });
  });

  it("says 'No data available' for an empty list", async () => {
    mocks.api.mockImplementation((path: string) => Promise.resolve(fakeList(path, [])));
    renderTable();
    expect(await screen.findByText('No data available')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it("says 'No results found for your search' when a search or filter matches nothing", async () => {
    renderTable({}, '/customers?search=nobody');
    expect(await screen.findByText('No results found for your search')).toBeTruthy();
  });

  it('restores the whole view from the URL', async () => {
    renderTable({}, '/customers?page=2&pageSize=25&sort=name&order=desc&search=customer&filters={"status":"active"}');
    await screen.findByText('Showing 26–50 of 68');
    expect(calls()[0]).toEqual({ page: '2', pageSize: '25', sort: 'name', order: 'desc', search: 'customer', filters: '{"status":"active"}' });
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('customer');
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).value).toBe('25');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: /Filters/ }).textContent).toContain('1');
  });

  it('uses its own URL prefix and always sends fixed filters without showing them', async () => {
    renderTable({ urlPrefix: 'c_', fixedFilters: { status: 'active' } }, '/customers?page=3&c_page=2');
    await screen.findByText('Showing 11–20 of 68');
    expect(calls()[0]).toEqual({ page: '2', pageSize: '10', filters: '{"status":"active"}' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Filters' }));
    expect(within(await screen.findByRole('form', { name: 'Filters' })).queryByLabelText('Status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(location))).toEqual({ page: '3', c_page: '3' }));
  });

  it('shows the server message and tries again', async () => {
    mocks.api.mockRejectedValueOnce(new ApiError(403, 'You do not have permission to view customers'));
    renderTable();
    expect(await screen.findByText('You do not have permission to view customers')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Customer 1')).toBeTruthy();
  });

  it('makes rows links or buttons reachable by keyboard', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    await screen.findByText('Customer 1');
    const button = screen.getByRole('button', { name: 'Customer 2' });
    button.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(ALL[1]);
    fireEvent.click(screen.getByText('$4.50'));
    expect(onRowClick).toHaveBeenLastCalledWith(ALL[3]);
  });

  it('links the first cell with rowHref', async () => {
    renderTable({ rowHref: (row) => `/admin/customers/${row.id}` });
    const link = await screen.findByRole('link', { name: 'Customer 3' });
    expect(link.getAttribute('href')).toBe('/admin/customers/c3');
  });

  it('exports every page of the current view to CSV', async () => {
    renderTable({ exportFileName: 'customers' }, '/customers?search=customer 1&sort=name');
    await screen.findByText('Showing 1–10 of 15');
    mocks.api.mockClear();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(mocks.saveBlob).toHaveBeenCalledTimes(1));
    expect(calls()).toEqual([{ page: '1', pageSize: '100', sort: 'name', order: 'asc', search: 'customer 1' }]);
    const [blob, name] = mocks.saveBlob.mock.calls[0] as [Blob, string];
    expect(name).toBe('customers.csv');
    const text = new TextDecoder().decode(await blob.arrayBuffer());
    expect(text.split('\r\n')).toEqual(['Name,Status,Total', 'Customer 1,inactive,0', 'Customer 10,inactive,13.5', ...Array(13).fill(expect.any(String))]);
  });
  it('exports to Excel with progress, neutralising formula cells', async () => {
    const risky: Row[] = [{ id: 'r1', name: '=HYPERLINK("http://evil")', status: 'active', total: -4 }];
    renderTable({ exportFileName: 'customers' });
    await screen.findByText('Customer 1');
    let release: () => void = () => {};
    mocks.api.mockImplementation((path: string) => new Promise((resolve) => (release = () => resolve(fakeList(path, risky)))));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText('Exporting… 0 rows')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(mocks.saveBlob).toHaveBeenCalledTimes(1));
    const [blob, name] = mocks.saveBlob.mock.calls[0] as [Blob, string];
    expect(name).toBe('customers.xlsx');
    const XLSX = await import('xlsx');
    const sheet = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' }).Sheets.Export;
    expect(XLSX.utils.sheet_to_json(sheet!, { header: 1 })).toEqual([['Name', 'Status', 'Total'], ['\'=HYPERLINK("http://evil")', 'active', -4]]);
    await waitFor(() => expect(screen.queryByText(/Exporting/)).toBeNull());
  });

  it('moves to the last page when the page in the URL no longer exists', async () => {
    renderTable({}, '/customers?page=40');
    expect(await screen.findByText('Showing 101–103 of 103')).toBeTruthy();
    expect(new URLSearchParams(location).get('page')).toBe('11');
  });
});
