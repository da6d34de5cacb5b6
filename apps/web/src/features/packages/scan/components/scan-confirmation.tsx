import { useState } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCloudUpload, IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PACKAGE_STATUS_LABELS } from '@parceldesk/shared/domain/packages';
import type { PackageDetail } from '@parceldesk/shared/schemas/packages';
import type { AreaRoot } from '../../../../components/ui/use-area-root';
import { AddPhotosButton } from '../../components/package-photos';
import type { Confirmation } from './use-scan-station';

const TITLES = {
  received: 'Received',
  matched_pre_alert: 'Received: matched to pre-alert',
  unknown: 'Received as an unknown package',
  existing: 'Already received',
} as const;

/** The big, sound-free answer to the last parcel: readable at arm's length, announced to screen readers. */
export function ScanConfirmation({ confirmation, root }: { confirmation: Confirmation | null; root: AreaRoot }) {
  if (!confirmation) return null;
  const packageLink = (id: string, number: string) => <Anchor component={Link} to={`${root}/packages/${id}`} fw={700}>{number}</Anchor>;
  let body;
  if (confirmation.kind === 'saved') {
    const { outcome, package: pkg } = confirmation.response;
    body = (
      <Alert color={outcome === 'unknown' ? 'yellow' : outcome === 'existing' ? 'blue' : 'green'} variant="filled" icon={<IconCircleCheck size={28} aria-hidden />} title={TITLES[outcome]}>
        <Text fz="xl" fw={700}>{pkg.packageNumber}</Text>
        <Text>{pkg.customerName || 'No customer yet'}{pkg.mailboxNumber ? ` · ${pkg.mailboxNumber}` : ''} · {pkg.weight.toFixed(2)} lb · {pkg.service.toUpperCase()}</Text>
      </Alert>
    );
  } else if (confirmation.kind === 'existing') {
    const { existing } = confirmation;
    body = (
      <Alert color="blue" variant="light" icon={<IconPackage size={28} aria-hidden />} title="Already received: not saved again">
        <Text>{packageLink(existing.id, existing.packageNumber)} · {PACKAGE_STATUS_LABELS[existing.status]}</Text>
        <Text size="sm">{existing.customerName || 'No customer yet'}{existing.mailboxNumber ? ` · ${existing.mailboxNumber}` : ''}</Text>
      </Alert>
    );
  } else if (confirmation.kind === 'queued') {
    body = (
      <Alert color="orange" variant="filled" icon={<IconCloudUpload size={28} aria-hidden />} title="Saved on this device: waiting to sync">
        <Text>{confirmation.trackingNumber} will be received as soon as the connection is back.</Text>
      </Alert>
    );
  } else {
    body = (
      <Alert color="red" variant="filled" icon={<IconAlertTriangle size={28} aria-hidden />} title="Not saved">
        <Text>{confirmation.message}</Text>
      </Alert>
    );
  }
  const saved = confirmation.kind === 'saved' ? confirmation.response.package : null;
  return (
    <Stack gap="xs">
      <div role="status" aria-live="polite">{body}</div>
      {saved ? <PhotoStep key={saved.id} pkg={saved} /> : null}
    </Stack>
  );
}

/** After save, a photo of the parcel: on a phone the button opens the rear camera. */
function PhotoStep({ pkg }: { pkg: PackageDetail }) {
  const [count, setCount] = useState(() => pkg.files.filter((file) => file.kind === 'photo').length);
  return (
    <AddPhotosButton
      packageId={pkg.id}
      photoCount={count}
      capture
      label={count === 0 ? `Add photo of ${pkg.packageNumber}` : `Add another photo of ${pkg.packageNumber}`}
      onAdded={(added) => setCount((n) => n + added)}
    />
  );
}
