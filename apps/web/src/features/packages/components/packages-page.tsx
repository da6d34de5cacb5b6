import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileInvoice, IconPrinter } from '@tabler/icons-react';
import { ACCESS } from '@parceldesk/shared/access';
import type { PackageListItem } from '@parceldesk/shared/schemas/packages';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { notify } from '../../../lib/toast';
import { PACKAGES_ENDPOINT } from '../api/packages';
import { downloadLabels } from '../api/labels';
import { useIssueInvoices } from '../api/invoicing';
import { useCanAccess } from '../../../lib/use-access';
import { NoPackageAccess } from './no-package-access';
import { packageColumns } from './package-columns';
import { usePackageAccess } from './use-package-access';

/** /admin|/staff|/superadmin/packages (packages_view for staff). */
export function PackagesPage() {
  const may = usePackageAccess();
  return may('packages_view') ? <Packages /> : <NoPackageAccess permission="packages_view" />;
}

/**
 * Issue 11: the branch filter starts at the user's own branch. A URL that already names a view
 * (a shared link, a reload, Clear) is left alone.
 */
function useOwnBranchFirst(): boolean {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const branchId = user?.branch?.id;
  const [isDone, setDone] = useState(() => !branchId || params.has('filters'));
  const hasFilters = params.has('filters');
  useEffect(() => {
    if (isDone || !branchId) return;
    // Done once the URL holds the filter: a later Clear must not bring it back.
    if (hasFilters) {
      setDone(true);
      return;
    }
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('filters', JSON.stringify({ branchName: branchId }));
      return next;
    }, { replace: true });
  }, [isDone, hasFilters, branchId, setParams]);
  return isDone || hasFilters;
}

function Packages() {
  const root = useAreaRoot();
  const isNetwork = root === '/superadmin';
  const isReady = useOwnBranchFirst();
  // Labels are the scan station's (packages_scan); others see the list without the selection.
  const canPrint = usePackageAccess()('packages_scan');
  // Issue 13: the selection also invoices (invoices_manage), one invoice per package.
  const canInvoice = useCanAccess()(ACCESS.invoicesManage);
  const canSelect = canPrint || canInvoice;
  const issue = useIssueInvoices();
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [isPrinting, setPrinting] = useState(false);

  const toggle = (row: PackageListItem) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row.packageNumber);
      return next;
    });

  const print = async () => {
    setPrinting(true);
    try {
      await downloadLabels([...selected.keys()], 'pdf');
      notify.success(`Labels of ${selected.size} ${selected.size === 1 ? 'package' : 'packages'} downloaded`);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to print the labels'));
    } finally {
      setPrinting(false);
    }
  };

  const invoice = async () => {
    try {
      const answer = await issue.mutateAsync([...selected.keys()]);
      const skipped = answer.skipped.length > 0 ? `; ${answer.skipped.length} skipped (${answer.skipped.map((row) => `${row.packageNumber}: ${row.reason}`).join('; ')})` : '';
      (answer.issued.length > 0 ? notify.success : notify.error)(`${answer.message}${skipped}`);
      setSelected(new Map());
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to issue the invoices'));
    }
  };

  const labelActions = (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">{selected.size > 0 ? `${selected.size} selected` : canPrint ? 'Select packages to print their labels' : 'Select packages to invoice them'}</Text>
      {selected.size > 0 ? (
        <>
          {canPrint ? (
            <Button leftSection={<IconPrinter size={16} aria-hidden />} loading={isPrinting} onClick={() => void print()}>
              Print labels
            </Button>
          ) : null}
          {canInvoice ? (
            <Button variant="light" leftSection={<IconFileInvoice size={16} aria-hidden />} loading={issue.isPending} onClick={() => void invoice()}>
              Issue invoices
            </Button>
          ) : null}
          <Button variant="subtle" onClick={() => setSelected(new Map())} disabled={isPrinting || issue.isPending}>
            Clear selection
          </Button>
        </>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="lg">
      <PageHeader title="Packages" subtitle={isNetwork ? 'Packages of every courier in the network' : undefined} />
      {canSelect ? labelActions : null}
      {isReady ? (
        <DataTable<PackageListItem>
          endpoint={PACKAGES_ENDPOINT}
          columns={packageColumns({ showCourier: isNetwork, selection: canSelect ? { isSelected: (id) => selected.has(id), toggle } : undefined })}
          rowKey={(row) => row.id}
          rowHref={(row) => `${root}/packages/${row.id}`}
          title="All packages"
          exportFileName="packages"
          searchPlaceholder="Search by package number, tracking number, customer or mailbox"
        />
      ) : null}
    </Stack>
  );
}
