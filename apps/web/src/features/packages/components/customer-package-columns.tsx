import { Badge, Button, Group } from '@mantine/core';
import { CARRIER_LABELS } from '@parceldesk/shared/domain/packages';
import {
  CLAIM_STATUS_LABELS, SERVICE_LABELS, type myPackageListColumns, type PackageClaim, type packageClaimListColumns, type PackageListItem, type PreAlert,
  type preAlertListColumns,
} from '@parceldesk/shared/schemas/packages';
import type { DataTableColumn, ListTableColumns } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';
import { formatUsd, formatWeight } from './format';
import { PackageStatusBadge, packageStatusLabel } from './package-status-badge';

const carrierColumn = <T extends { carrier: PackageListItem['carrier'] }>(): DataTableColumn<T, 'carrier'> => ({
  field: 'carrier', label: 'Carrier', sortable: true, filterable: true, render: (row) => CARRIER_LABELS[row.carrier], exportValue: (row) => CARRIER_LABELS[row.carrier],
});
const serviceColumn = <T extends { service: PackageListItem['service'] }>(): DataTableColumn<T, 'service'> => ({
  field: 'service', label: 'Service', sortable: true, filterable: true, render: (row) => SERVICE_LABELS[row.service], exportValue: (row) => SERVICE_LABELS[row.service],
});

/** The customer's packages: status in their words (issue 11). */
export function myPackageColumns(): ListTableColumns<PackageListItem, typeof myPackageListColumns, 'description' | 'weight'> {
  return [
    // Package and status first: on a phone they are what shows without scrolling the table sideways.
    { field: 'packageNumber', label: 'Package', sortable: true },
    {
      field: 'status', label: 'Status', sortable: true, filterable: true, wrap: true,
      render: (row) => <PackageStatusBadge status={row.status} wording="customer" />, exportValue: (row) => packageStatusLabel(row.status, 'customer'),
    },
    { field: 'trackingNumber', label: 'Tracking number', sortable: true, filterable: true },
    { field: 'description', label: 'Description' },
    { field: 'weight', label: 'Weight', render: (row) => formatWeight(row.weight) },
    serviceColumn(),
    carrierColumn(),
    { field: 'receivedAt', label: 'Received (YYYY-MM-DD)', sortable: true, filterable: true, render: (row) => formatDate(row.receivedAt) },
  ];
}

interface PreAlertActions {
  onEdit: (preAlert: PreAlert) => void;
  onCancel: (preAlert: PreAlert) => void;
  onOpenPackage: (packageId: string) => void;
}

/** The customer's pre-alerts; Edit and Cancel until the parcel is received. */
export function preAlertColumns(actions: PreAlertActions): ListTableColumns<PreAlert, typeof preAlertListColumns, 'declaredValue' | 'actions'> {
  return [
    { field: 'trackingNumber', label: 'Tracking number', sortable: true, filterable: true },
    {
      field: 'status', label: 'Status', sortable: true, filterable: true, wrap: true,
      render: (row) => (row.status === 'cancelled'
        ? <Badge color="gray" variant="light" style={{ textTransform: 'none' }}>Cancelled</Badge>
        : <PackageStatusBadge status={row.status === 'received' ? 'received' : 'pre_alerted'} wording="customer" />),
    },
    { field: 'store', label: 'Store', sortable: true, filterable: true },
    { field: 'description', label: 'Description' },
    { field: 'declaredValue', label: 'Declared value', render: (row) => formatUsd(row.declaredValue) },
    serviceColumn(),
    carrierColumn(),
    { field: 'createdAt', label: 'Added', sortable: true, render: (row) => formatDate(row.createdAt) },
    {
      field: 'actions', label: 'Actions', exportable: false, wrap: true,
      render: (row) => <PreAlertRowActions preAlert={row} {...actions} />,
    },
  ];
}

function PreAlertRowActions({ preAlert, onEdit, onCancel, onOpenPackage }: { preAlert: PreAlert } & PreAlertActions) {
  if (preAlert.status === 'received' && preAlert.packageId) {
    const packageId = preAlert.packageId;
    return (
      <Button size="compact-sm" variant="light" onClick={() => onOpenPackage(packageId)} aria-label={`View package ${preAlert.packageNumber ?? preAlert.trackingNumber}`}>
        View package
      </Button>
    );
  }
  if (preAlert.status !== 'pending') return null;
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="default" onClick={() => onEdit(preAlert)} aria-label={`Edit pre-alert ${preAlert.trackingNumber}`}>
        Edit
      </Button>
      <Button size="compact-sm" variant="light" color="red" onClick={() => onCancel(preAlert)} aria-label={`Cancel pre-alert ${preAlert.trackingNumber}`}>
        Cancel
      </Button>
    </Group>
  );
}

/** The customer's claims and what became of them. */
export function myClaimColumns(): ListTableColumns<PackageClaim, typeof packageClaimListColumns, 'decisionReason' | 'packageNumber'> {
  return [
    { field: 'trackingNumber', label: 'Tracking number', sortable: true },
    {
      field: 'status', label: 'Status', sortable: true, filterable: true,
      render: (row) => (
        <Badge color={row.status === 'approved' ? 'green' : row.status === 'rejected' ? 'red' : 'yellow'} variant="light" style={{ textTransform: 'none' }}>
          {CLAIM_STATUS_LABELS[row.status]}
        </Badge>
      ),
      exportValue: (row) => CLAIM_STATUS_LABELS[row.status],
    },
    { field: 'decisionReason', label: 'Reason', wrap: true },
    { field: 'packageNumber', label: 'Package' },
    { field: 'createdAt', label: 'Submitted', sortable: true, render: (row) => formatDate(row.createdAt) },
  ];
}
