import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { PACKAGE_MSG, type PackageClaim, type PackageListItem, type PreAlert } from '@parceldesk/shared/schemas/packages';
import { DataTable } from '../../../components/data-table/data-table';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { PACKAGE_CLAIMS_ENDPOINT, PACKAGES_ENDPOINT, PRE_ALERTS_ENDPOINT, useCancelPreAlert, usePackage } from '../api/packages';
import { ClaimModal } from './claim-form';
import { myClaimColumns, myPackageColumns, preAlertColumns } from './customer-package-columns';
import { CustomerPackageView } from './customer-package-view';
import { PreAlertModal } from './pre-alert-form';
import { usePackageNews } from './use-package-news';

/** ?new=pre-alert opens the form (the dashboard's one-click link); ?package=ID opens one package. */
const NEW_PARAM = 'new';
const PACKAGE_PARAM = 'package';

/**
 * /customer/packages (issue 11): the customer's pre-alerts and packages together, status in
 * their words; add, edit or cancel a pre-alert until the parcel is received; claim an unknown one.
 * The customer area has no per-package route (spec section 2), so a package opens in place.
 */
export function CustomerPackagesPage() {
  const [params, setParams] = useSearchParams();
  const packageId = params.get(PACKAGE_PARAM);
  const isAdding = params.get(NEW_PARAM) === 'pre-alert';
  const [editing, setEditing] = useState<PreAlert | null>(null);
  const [isClaiming, setClaiming] = useState(false);
  const [cancelling, setCancelling] = useState<PreAlert | null>(null);
  const cancel = useCancelPreAlert();
  usePackageNews();

  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });
  const openPackage = (id: string) => setParam(PACKAGE_PARAM, id);

  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling.id);
      notify.success(PACKAGE_MSG.preAlertCancelled);
      setCancelling(null);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to cancel the pre-alert'));
    }
  };

  if (packageId) return <CustomerPackage id={packageId} onBack={() => setParam(PACKAGE_PARAM, null)} />;
  return (
    <Stack gap="lg">
      <PageHeader
        title="My Packages"
        subtitle="Tell us about a parcel before it arrives, and follow it until you collect it."
        actions={
          <>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setParam(NEW_PARAM, 'pre-alert')}>
              Add pre-alert
            </Button>
            <Button variant="default" leftSection={<IconSearch size={16} aria-hidden />} onClick={() => setClaiming(true)}>
              Claim a package
            </Button>
          </>
        }
      />
      <DataTable<PackageListItem>
        endpoint={PACKAGES_ENDPOINT}
        columns={myPackageColumns()}
        rowKey={(row) => row.id}
        onRowClick={(row) => openPackage(row.id)}
        title="Packages"
        urlPrefix="p_"
        searchPlaceholder="Search by package or tracking number"
      />
      <DataTable<PreAlert>
        endpoint={PRE_ALERTS_ENDPOINT}
        columns={preAlertColumns({ onEdit: setEditing, onCancel: setCancelling, onOpenPackage: openPackage })}
        rowKey={(row) => row.id}
        title="Pre-alerts"
        urlPrefix="a_"
        searchPlaceholder="Search by tracking number, store or description"
      />
      <DataTable<PackageClaim>
        endpoint={PACKAGE_CLAIMS_ENDPOINT}
        columns={myClaimColumns()}
        rowKey={(row) => row.id}
        title="My claims"
        urlPrefix="c_"
        searchPlaceholder="Search by tracking number"
      />
      <PreAlertModal opened={isAdding || editing !== null} preAlert={editing} onClose={() => (editing ? setEditing(null) : setParam(NEW_PARAM, null))} />
      <ClaimModal opened={isClaiming} onClose={() => setClaiming(false)} />
      <ConfirmModal
        opened={cancelling !== null}
        title="Cancel this pre-alert?"
        message={cancelling ? `We will stop expecting ${cancelling.trackingNumber}. You can add it again later.` : ''}
        confirmLabel="Cancel pre-alert"
        danger
        isWorking={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling(null)}
      />
    </Stack>
  );
}

function CustomerPackage({ id, onBack }: { id: string; onBack: () => void }) {
  const query = usePackage(id);
  return (
    <Stack gap="lg">
      <PageHeader title={query.data ? `Package ${query.data.packageNumber}` : 'Package'} back={{ onClick: onBack, label: 'All packages' }} />
      <QueryState query={query} what="the package">
        {(pkg) => <CustomerPackageView pkg={pkg} />}
      </QueryState>
    </Stack>
  );
}
