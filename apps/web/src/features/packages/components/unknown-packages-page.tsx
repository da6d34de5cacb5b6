import { useState } from 'react';
import { Badge, Button, Stack } from '@mantine/core';
import { CARRIER_LABELS } from '@parceldesk/shared/domain/packages';
import {
  CLAIM_STATUS_LABELS, type PackageClaim, type packageClaimListColumns, type UnknownPackageListItem, type unknownPackageListColumns,
} from '@parceldesk/shared/schemas/packages';
import { DataTable, type ListTableColumns } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { PACKAGE_CLAIMS_ENDPOINT, UNKNOWN_PACKAGES_ENDPOINT } from '../api/packages';
import { AssignPackageModal } from './assign-package-modal';
import { ClaimReviewModal } from './claim-review-modal';
import { formatWeight } from './format';
import { NoPackageAccess } from './no-package-access';
import { usePackageAccess } from './use-package-access';

/** /admin|/superadmin/unknown-packages and /staff/unknown-packages (packages_unknown). */
export function UnknownPackagesPage() {
  const may = usePackageAccess();
  return may('packages_unknown') ? <UnknownPackages /> : <NoPackageAccess permission="packages_unknown" />;
}

function unknownColumns(showCourier: boolean, onAssign: (row: UnknownPackageListItem) => void): ListTableColumns<UnknownPackageListItem, typeof unknownPackageListColumns, 'shipper' | 'weight' | 'branchName' | 'pendingClaims' | 'actions'> {
  return [
    { field: 'packageNumber', label: 'Package', sortable: true, filterable: true },
    { field: 'trackingNumber', label: 'Tracking number', sortable: true, filterable: true },
    { field: 'labelName', label: 'Name on label', sortable: true, filterable: true },
    { field: 'labelMailbox', label: 'Number on label', sortable: true, filterable: true },
    ...(showCourier ? [{ field: 'courierName', label: 'Courier', sortable: true, filterable: true } as const] : []),
    { field: 'carrier', label: 'Carrier', sortable: true, filterable: true, render: (row) => CARRIER_LABELS[row.carrier], exportValue: (row) => CARRIER_LABELS[row.carrier] },
    { field: 'shipper', label: 'Shipper' },
    { field: 'weight', label: 'Weight', render: (row) => formatWeight(row.weight), exportValue: (row) => row.weight },
    { field: 'branchName', label: 'Branch' },
    { field: 'receivedAt', label: 'Received (YYYY-MM-DD)', sortable: true, filterable: true, render: (row) => formatDate(row.receivedAt), exportValue: (row) => row.receivedAt },
    {
      field: 'pendingClaims', label: 'Claims',
      render: (row) => (row.pendingClaims > 0 ? <Badge color="yellow" variant="light" style={{ textTransform: 'none' }}>{`${row.pendingClaims} pending`}</Badge> : ''),
    },
    {
      field: 'actions', label: 'Actions', exportable: false,
      render: (row) => <Button size="compact-sm" onClick={() => onAssign(row)} aria-label={`Assign ${row.packageNumber}`}>Assign</Button>,
    },
  ];
}

function claimColumns(onReview: (row: PackageClaim) => void): ListTableColumns<PackageClaim, typeof packageClaimListColumns, 'packageNumber' | 'actions'> {
  return [
    { field: 'trackingNumber', label: 'Tracking number', sortable: true, filterable: true },
    { field: 'customerName', label: 'Customer', sortable: true, filterable: true, render: (row) => `${row.customer.name} (${row.customer.mailboxNumber})`, exportValue: (row) => row.customer.name },
    {
      field: 'status', label: 'Status', sortable: true, filterable: true,
      render: (row) => (
        <Badge color={row.status === 'approved' ? 'green' : row.status === 'rejected' ? 'red' : 'yellow'} variant="light" style={{ textTransform: 'none' }}>
          {CLAIM_STATUS_LABELS[row.status]}
        </Badge>
      ),
      exportValue: (row) => CLAIM_STATUS_LABELS[row.status],
    },
    { field: 'packageNumber', label: 'Package' },
    { field: 'createdAt', label: 'Submitted (YYYY-MM-DD)', sortable: true, filterable: true, render: (row) => formatDate(row.createdAt), exportValue: (row) => row.createdAt },
    {
      field: 'actions', label: 'Actions', exportable: false,
      render: (row) => (
        <Button size="compact-sm" variant={row.status === 'pending' ? 'filled' : 'default'} onClick={() => onReview(row)} aria-label={`${row.status === 'pending' ? 'Review' : 'View'} claim for ${row.trackingNumber}`}>
          {row.status === 'pending' ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];
}

/** Issue 11: parcels nobody matched, with what the label says; assign one, or decide a customer's claim. */
function UnknownPackages() {
  const root = useAreaRoot();
  const may = usePackageAccess();
  const isNetwork = root === '/superadmin';
  const [assigning, setAssigning] = useState<UnknownPackageListItem | null>(null);
  const [reviewing, setReviewing] = useState<PackageClaim | null>(null);
  return (
    <Stack gap="lg">
      <PageHeader title="Unknown Packages" subtitle="Parcels that reached the warehouse without a mailbox number we could match." />
      <DataTable<UnknownPackageListItem>
        endpoint={UNKNOWN_PACKAGES_ENDPOINT}
        columns={unknownColumns(isNetwork, setAssigning)}
        rowKey={(row) => row.id}
        rowHref={may('packages_view') ? (row) => `${root}/packages/${row.id}` : undefined}
        title="Waiting for an owner"
        urlPrefix="u_"
        exportFileName="unknown-packages"
        searchPlaceholder="Search by package number, tracking number or what the label says"
      />
      <DataTable<PackageClaim>
        endpoint={PACKAGE_CLAIMS_ENDPOINT}
        columns={claimColumns(setReviewing)}
        rowKey={(row) => row.id}
        title="Customer claims"
        urlPrefix="c_"
        searchPlaceholder="Search by tracking number or customer"
      />
      <AssignPackageModal pkg={assigning} onClose={() => setAssigning(null)} />
      <ClaimReviewModal claim={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  );
}
