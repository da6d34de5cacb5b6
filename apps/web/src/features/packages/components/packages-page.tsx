import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { PackageListItem } from '@parceldesk/shared/schemas/packages';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { notify } from '../../../lib/toast';
import { PACKAGES_ENDPOINT } from '../api/packages';
import { downloadLabels } from '../api/labels';
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

  const labelActions = (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">{selected.size > 0 ? `${selected.size} selected` : 'Select packages to print their labels'}</Text>
      {selected.size > 0 ? (
        <>
          <Button leftSection={<IconPrinter size={16} aria-hidden />} loading={isPrinting} onClick={() => void print()}>
            Print labels
          </Button>
          <Button variant="subtle" onClick={() => setSelected(new Map())} disabled={isPrinting}>
            Clear selection
          </Button>
        </>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="lg">
      <PageHeader title="Packages" subtitle={isNetwork ? 'Packages of every courier in the network' : undefined} />
      {canPrint ? labelActions : null}
      {isReady ? (
        <DataTable<PackageListItem>
          endpoint={PACKAGES_ENDPOINT}
          columns={packageColumns({ showCourier: isNetwork, selection: canPrint ? { isSelected: (id) => selected.has(id), toggle } : undefined })}
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
