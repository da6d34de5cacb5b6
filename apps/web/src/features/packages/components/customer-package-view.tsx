import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { CARRIER_LABELS, PACKAGE_STATUS_NEXT_STEP } from '@parceldesk/shared/domain/packages';
import { SERVICE_LABELS, type PackageDetail } from '@parceldesk/shared/schemas/packages';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDateTime } from '../../../components/ui/format-date';
import { formatDimensions, formatUsd, formatWeight } from './format';
import { PackageFiles } from './package-files';
import { PackagePhotos } from './package-photos';
import { PackageStatusBadge } from './package-status-badge';
import { PackageTimeline } from './package-timeline';

/** One of the customer's packages: where it is in their words, its weights, history and their documents. */
export function CustomerPackageView({ pkg }: { pkg: PackageDetail }) {
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="package-status-heading">
        <Group justify="space-between" gap="sm" mb="xs">
          <Title order={2} size="h4" id="package-status-heading">Status</Title>
          <PackageStatusBadge status={pkg.status} wording="customer" />
        </Group>
        <Text>{PACKAGE_STATUS_NEXT_STEP[pkg.status]}</Text>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="package-details-heading">
        <Title order={2} size="h4" mb="md" id="package-details-heading">Details</Title>
        <DetailList
          items={[
            { label: 'Tracking number', value: pkg.trackingNumber },
            { label: 'Carrier', value: CARRIER_LABELS[pkg.carrier] },
            { label: 'Store', value: pkg.shipper },
            { label: 'Description', value: pkg.description },
            { label: 'Declared value', value: formatUsd(pkg.declaredValue) },
            { label: 'Service', value: SERVICE_LABELS[pkg.service] },
            { label: 'Weight', value: formatWeight(pkg.weight) },
            { label: 'Dimensions', value: formatDimensions(pkg) },
            { label: 'Volumetric weight', value: formatWeight(pkg.volumetricWeight) },
            { label: 'Chargeable weight', value: `${pkg.chargeableWeight} lb` },
            { label: 'Pieces', value: String(pkg.pieces) },
            { label: 'Pickup branch', value: pkg.branchName },
            { label: 'Received', value: formatDateTime(pkg.receivedAt) },
          ]}
        />
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="package-history-heading">
        <Title order={2} size="h4" mb="md" id="package-history-heading">History</Title>
        <PackageTimeline steps={pkg.events} wording="customer" />
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="package-photos-heading">
        <Title order={2} size="h4" mb="md" id="package-photos-heading">Photos</Title>
        <PackagePhotos photos={pkg.files.filter((file) => file.kind === 'photo')} empty="The warehouse has not added photos of this package." />
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="package-documents-heading">
        <Title order={2} size="h4" mb="md" id="package-documents-heading">Your documents</Title>
        <PackageFiles files={pkg.files.filter((file) => file.kind !== 'photo')} empty="You have not uploaded a document for this package." />
      </Card>
    </Stack>
  );
}
