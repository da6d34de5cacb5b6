import { Alert, Stack } from '@mantine/core';
import { ACCESS } from '@parceldesk/shared/access';
import type { InvoiceListItem } from '@parceldesk/shared/schemas/invoices';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { useCanAccess } from '../../../lib/use-access';
import { INVOICES_ENDPOINT } from '../api/invoices';
import { invoiceColumns } from './invoice-columns';

/** Where an invoice opens from a staff-side list; the super admin names its courier (numbers are per courier). */
export const staffInvoiceHref = (root: string, invoiceNo: string, courierId?: string | null) =>
  `${root}/invoices/${encodeURIComponent(invoiceNo)}${root === '/superadmin' && courierId ? `?courier=${encodeURIComponent(courierId)}` : ''}`;

export function NoInvoiceAccess() {
  return (
    <Alert color="yellow" title="No access to this screen">
      You need the &quot;View invoices&quot; permission. Ask your administrator if you need it.
    </Alert>
  );
}

/** /admin|/staff|/superadmin/invoices (invoices_view for staff): status, branch, date and aging filters; the network for the super admin. */
export function InvoicesPage() {
  const canAccess = useCanAccess();
  const root = useAreaRoot();
  if (!canAccess(ACCESS.invoicesStaffView)) return <NoInvoiceAccess />;
  const isNetwork = root === '/superadmin';
  return (
    <Stack gap="lg">
      <PageHeader title="Invoices" subtitle={isNetwork ? 'Invoices of every courier in the network' : 'One invoice per package, issued when it arrives or by hand'} />
      <DataTable<InvoiceListItem>
        endpoint={INVOICES_ENDPOINT}
        columns={invoiceColumns({ showCourier: isNetwork })}
        rowKey={(row) => row.id}
        rowHref={(row) => staffInvoiceHref(root, row.invoiceNumber, row.courierId)}
        title="All invoices"
        exportFileName="invoices"
        searchPlaceholder="Search by invoice number, customer or mailbox"
      />
    </Stack>
  );
}
