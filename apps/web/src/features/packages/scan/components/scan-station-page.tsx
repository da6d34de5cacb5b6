import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, Paper, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconCamera, IconLock, IconTableImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ACCESS, staffSideWith } from '@parceldesk/shared/access';
import { PageHeader } from '../../../../components/ui/page-header';
import { useAreaRoot } from '../../../../components/ui/use-area-root';
import { errorMessage } from '../../../../lib/api-client';
import { useAuth } from '../../../../lib/auth-context';
import { notify } from '../../../../lib/toast';
import { useCanAccess } from '../../../../lib/use-access';
import { useWedgeScan } from '../../../../components/scan/use-wedge-scan';
import { useScanSync } from '../offline/use-scan-sync';
import { CameraScanModal } from '../../../../components/scan/camera-scan-modal';
import { LoadManifestMode } from './load-manifest-mode';
import { openLabelPdf } from './label-actions';
import { RecentReceipts, type Receipt } from './recent-receipts';
import { ScanConfirmation } from './scan-confirmation';
import { ScanCustomerStep } from './scan-customer-step';
import { ScanMeasures } from './scan-measures';
import { ScanSyncStatus } from './scan-sync-status';
import { useScanStation } from './use-scan-station';

export function NoScanAccess() {
  return (
    <Alert color="yellow" icon={<IconLock size={18} aria-hidden />} title="No access to the scan station">
      Your account does not have the permission to scan packages. Ask your administrator if you need it.
    </Alert>
  );
}

/**
 * /admin/scan and /staff/scan: receive parcels by barcode, also offline (issue 11, packages_scan),
 * or load them onto an open manifest (issue 12, manifests_manage).
 */
export function ScanStationPage() {
  const { user } = useAuth();
  const canAccess = useCanAccess();
  const canReceive = canAccess(staffSideWith('packages_scan'));
  const canLoad = canAccess(ACCESS.manifestsManage);
  const [mode, setMode] = useState<'receive' | 'load'>(canReceive ? 'receive' : 'load');
  if (!canReceive && !canLoad) return <NoScanAccess />;
  const switcher = canReceive && canLoad ? (
    <SegmentedControl
      aria-label="Scan station mode" value={mode} onChange={(value) => setMode(value === 'load' ? 'load' : 'receive')}
      data={[{ value: 'receive', label: 'Receive packages' }, { value: 'load', label: 'Load manifest' }]}
    />
  ) : null;
  if (mode === 'load' || !canReceive) {
    return (
      <Stack gap="md" maw={720}>
        <PageHeader title="Scan" subtitle="Load manifest: choose the open manifest, then scan each package label." />
        {switcher}
        <LoadManifestMode />
      </Stack>
    );
  }
  return <ScanStation ownerId={user?.id ?? null} switcher={switcher} />;
}

function ScanStation({ ownerId, switcher }: { ownerId: string | null; switcher: ReactNode }) {
  const root = useAreaRoot();
  const [receipts, setReceipts] = useState<Receipt[]>([]);
  const [isAutoLabel, setAutoLabel] = useState(true);
  const [isCameraOpen, setCameraOpen] = useState(false);
  const trackingRef = useRef<HTMLInputElement | null>(null);
  const customerRef = useRef<HTMLInputElement | null>(null);
  const weightRef = useRef<HTMLInputElement | null>(null);

  const addReceipts = useCallback((received: Receipt[]) => {
    setReceipts((current) => [...received.reverse(), ...current.filter((r) => !received.some((n) => n.id === r.id))].slice(0, 30));
  }, []);
  const sync = useScanSync(ownerId, (sent) => {
    addReceipts(sent.map((entry) => entry.result.package));
    notify.success(`${sent.length} scan${sent.length === 1 ? '' : 's'} synced`);
  });
  const station = useScanStation(sync.save);

  // Focus follows the work, once the field it goes to is on the screen.
  const [focusTarget, setFocusTarget] = useState<{ field: 'tracking' | 'customer' | 'weight'; seq: number } | null>(null);
  const focusOn = useCallback((field: 'tracking' | 'customer' | 'weight') => setFocusTarget((current) => ({ field, seq: (current?.seq ?? 0) + 1 })), []);
  const appliedFocus = useRef(0);
  useEffect(() => {
    if (!focusTarget || appliedFocus.current === focusTarget.seq) return;
    const element = { tracking: trackingRef, customer: customerRef, weight: weightRef }[focusTarget.field].current;
    if (!element) return; // not rendered yet: the next render of the parcel tries again
    appliedFocus.current = focusTarget.seq;
    element.focus();
    if (focusTarget.field === 'tracking') element.select();
  }, [focusTarget, station.lookup, station.customer]);

  const lookUp = useCallback(async (raw: string) => {
    setCameraOpen(false);
    const next = await station.lookUp(raw.trim());
    // The weight when the customer is known, else the customer field; an existing package or an error: the number again.
    if (next.state === 'found' && !next.result.existing) focusOn(next.result.preAlert ? 'weight' : 'customer');
    else if (next.state === 'offline') focusOn('customer');
    else focusOn('tracking');
  }, [station, focusOn]);

  // A scan while the focus is in another field starts the next parcel there.
  useWedgeScan((code) => void lookUp(code), { ignore: trackingRef });

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const result = await station.submit();
    if (!result || result.status === 'rejected') return;
    // The clerk may have scanned the next parcel meanwhile: the focus stays with it.
    if (!result.isNextParcel) focusOn('tracking');
    if (result.status !== 'saved') return;
    const { package: pkg, outcome } = result.response;
    addReceipts([pkg]);
    // Still within the Enter's user activation, so the browser lets the label tab open.
    if (isAutoLabel && outcome !== 'existing') {
      openLabelPdf([pkg.id])
        .then((opened) => { if (!opened) notify.warning('The browser blocked the label tab: use Print label below, or allow pop-ups'); })
        .catch((error: unknown) => notify.error(errorMessage(error, 'The label could not be opened')));
    }
  };

  const lookup = station.lookup;
  const hasParcel = lookup.state === 'found' || lookup.state === 'offline';
  return (
    <Stack gap="md" maw={720}>
      <PageHeader
        title="Scan"
        subtitle="Scan or type the tracking number and press Enter; then the weight, and Enter saves."
        actions={<Button component={Link} to={`${root}/scan/bulk-receive`} variant="default" leftSection={<IconTableImport size={16} aria-hidden />}>Bulk receive</Button>}
      />
      {switcher}
      <ScanSyncStatus sync={sync} />
      <ScanConfirmation confirmation={station.confirmation} root={root} />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              ref={trackingRef}
              style={{ flex: 1 }}
              size="lg"
              label="Tracking number"
              autoFocus
              autoComplete="off"
              spellCheck={false}
              value={station.tracking}
              onChange={(event) => station.setTracking(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void lookUp(event.currentTarget.value);
                }
              }}
              error={station.errors.trackingNumber}
              description={lookup.state === 'loading' ? 'Looking it up…' : undefined}
            />
            <ActionIcon size={50} variant="default" aria-label="Scan with the camera" onClick={() => setCameraOpen(true)}>
              <IconCamera size={24} />
            </ActionIcon>
          </Group>
          {hasParcel ? (
            <form onSubmit={(event) => void onSave(event)} aria-label="Parcel details">
              <Stack gap="sm">
                <ScanCustomerStep
                  lookup={lookup}
                  customer={station.customer}
                  onCustomer={station.setCustomer}
                  labelMailbox={station.labelMailbox}
                  onLabelMailbox={station.setLabelMailbox}
                  labelName={station.labelName}
                  onLabelName={station.setLabelName}
                  searchRef={customerRef}
                  onChosen={() => focusOn('weight')}
                  error={station.errors.customer}
                />
                <ScanMeasures measures={station.measures} onMeasure={station.setMeasure} service={station.service} onService={station.setService} errors={station.errors} weightRef={weightRef} />
                <Group justify="space-between">
                  <Button variant="subtle" onClick={() => { station.clearParcel(); focusOn('tracking'); }}>Cancel</Button>
                  <Button type="submit" size="md" loading={station.isSaving}>Receive package</Button>
                </Group>
              </Stack>
            </form>
          ) : null}
          <Checkbox label="Open the label after each save" checked={isAutoLabel} onChange={(event) => setAutoLabel(event.currentTarget.checked)} />
        </Stack>
      </Paper>
      <RecentReceipts receipts={receipts} root={root} />
      <CameraScanModal opened={isCameraOpen} onClose={() => setCameraOpen(false)} onDetected={(code) => void lookUp(code)} />
    </Stack>
  );
}
