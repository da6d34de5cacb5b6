import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { CARRIER_LABELS } from '@parceldesk/shared/domain/packages';
import { PACKAGE_MSG, SERVICE_LABELS, type PackageDetail } from '@parceldesk/shared/schemas/packages';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDateTime } from '../../../components/ui/format-date';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { downloadLabel, type LabelFormat } from '../api/labels';
import { usePackage } from '../api/packages';
import { formatDimensions, formatUsd, formatWeight } from './format';
import { AssignPackageModal } from './assign-package-modal';
import { IssueInvoiceButton } from './issue-invoice-button';
import { NoPackageAccess } from './no-package-access';
import { PackageEditForm } from './package-edit-form';
import { PackageFiles } from './package-files';
import { AddPhotosButton, PackagePhotos } from './package-photos';
import { PackageStatusActions } from './package-status-actions';
import { PackageStatusBadge } from './package-status-badge';
import { PackageTimeline } from './package-timeline';
import { usePackageAccess } from './use-package-access';

/** /admin|/staff|/superadmin/packages/{id}: every field, files, history, corrections and status moves (issue 11). */
export function PackageDetailPage() {
  const may = usePackageAccess();
  return may('packages_view') ? <PackageDetailScreen /> : <NoPackageAccess permission="packages_view" />;
}

function PackageDetailScreen() {
  const { id = '' } = useParams();
  const root = useAreaRoot();
  const may = usePackageAccess();
  const query = usePackage(id);
  const pkg = query.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={pkg ? `Package ${pkg.packageNumber}` : 'Package'}
        subtitle={pkg ? <PackageStatusBadge status={pkg.status} wording="staff" /> : undefined}
        back={{ to: `${root}/packages`, label: 'All packages' }}
        actions={
          pkg ? (
            <>
              {pkg.status === 'unknown' && may('packages_unknown') ? <AssignButton pkg={pkg} /> : null}
              <IssueInvoiceButton pkg={pkg} />
              {may('packages_scan') ? <LabelButtons pkg={pkg} /> : null}
            </>
          ) : null
        }
      />
      <QueryState query={query} what="the package">
        {(loaded) => <PackageSections pkg={loaded} />}
      </QueryState>
    </Stack>
  );
}

/** An unknown package is assigned from its own page too (packages_unknown). */
function AssignButton({ pkg }: { pkg: PackageDetail }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Assign to a customer</Button>
      <AssignPackageModal pkg={isOpen ? pkg : null} onClose={() => setOpen(false)} />
    </>
  );
}

function LabelButtons({ pkg }: { pkg: PackageDetail }) {
  const [busy, setBusy] = useState<LabelFormat | null>(null);
  const print = async (format: LabelFormat) => {
    setBusy(format);
    try {
      await downloadLabel(pkg.id, pkg.packageNumber, format);
      notify.success(format === 'pdf' ? 'Label downloaded (PDF)' : 'Label downloaded (ZPL for Zebra printers)');
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to download the label'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} loading={busy === 'pdf'} disabled={busy !== null} onClick={() => void print('pdf')}>
        Label PDF
      </Button>
      <Button variant="default" loading={busy === 'zpl'} disabled={busy !== null} onClick={() => void print('zpl')}>
        Label ZPL
      </Button>
    </>
  );
}

function PackageSections({ pkg }: { pkg: PackageDetail }) {
  const root = useAreaRoot();
  const may = usePackageAccess();
  const canManage = may('packages_manage');
  const photos = pkg.files.filter((file) => file.kind === 'photo');
  return (
    <>
      {canManage ? <PackageStatusActions pkg={pkg} /> : null}
      <Card withBorder padding="lg" component="section" aria-labelledby="package-fields-heading">
        <Title order={2} size="h4" mb="md" id="package-fields-heading">Package</Title>
        <DetailList
          items={[
            { label: 'Customer', value: pkg.customerId ? `${pkg.customerName} (${pkg.mailboxNumber})` : 'Unknown' },
            ...(root === '/superadmin' ? [{ label: 'Courier', value: pkg.courierName }] : []),
            { label: 'Tracking number', value: pkg.trackingNumber },
            { label: 'Carrier', value: CARRIER_LABELS[pkg.carrier] },
            { label: 'Shipper / store', value: pkg.shipper },
            { label: 'Description', value: pkg.description },
            { label: 'Declared value', value: formatUsd(pkg.declaredValue) },
            { label: 'Service', value: SERVICE_LABELS[pkg.service] },
            { label: 'Pieces', value: String(pkg.pieces) },
            { label: 'Actual weight', value: formatWeight(pkg.weight) },
            { label: 'Dimensions', value: formatDimensions(pkg) },
            { label: `Volumetric weight (÷ ${pkg.volumetricDivisor})`, value: formatWeight(pkg.volumetricWeight) },
            { label: 'Chargeable weight', value: `${pkg.chargeableWeight} lb` },
            { label: 'Pickup branch', value: pkg.branchName },
            { label: 'Warehouse location', value: pkg.location },
            { label: 'Received', value: formatDateTime(pkg.receivedAt) },
            { label: 'Name on the label', value: pkg.labelName },
            { label: 'Mailbox on the label', value: pkg.labelMailbox },
            { label: 'Warehouse house number', value: pkg.externalControlNumber },
            { label: 'Warehouse PackageID', value: pkg.externalPackageId },
            { label: 'Unknown package fee', value: pkg.unknownFee === null ? '' : formatUsd(pkg.unknownFee) },
            { label: 'Notes', value: pkg.notes },
          ]}
        />
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="package-photos-heading">
        <Title order={2} size="h4" mb="md" id="package-photos-heading">Photos</Title>
        <Stack gap="sm">
          <PackagePhotos photos={photos} />
          {may('packages_scan') || canManage ? <AddPhotosButton packageId={pkg.id} photoCount={photos.length} /> : null}
        </Stack>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="package-files-heading">
        <Title order={2} size="h4" mb="md" id="package-files-heading">Invoice and documents</Title>
        <PackageFiles files={pkg.files.filter((file) => file.kind !== 'photo')} empty="No invoice for this package." />
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="package-timeline-heading">
        <Title order={2} size="h4" mb="md" id="package-timeline-heading">History</Title>
        <PackageTimeline steps={pkg.events} wording="staff" />
      </Card>
      {canManage ? (
        <Card withBorder padding="lg" component="section" aria-labelledby="package-edit-heading">
          <Title order={2} size="h4" mb="md" id="package-edit-heading">Correct weights and details</Title>
          {pkg.isEditable ? (
            <PackageEditForm key={pkg.updatedAt} pkg={pkg} />
          ) : (
            <Alert color="gray"><Text size="sm">{PACKAGE_MSG.editLocked}</Text></Alert>
          )}
        </Card>
      ) : null}
    </>
  );
}
