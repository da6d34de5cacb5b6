import { useRef, useState } from 'react';
import { ActionIcon, Alert, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCamera, IconCheck, IconX } from '@tabler/icons-react';
import { formatMoney } from '@parceldesk/shared/domain/money';
import { CameraScanModal } from '../../../../components/scan/camera-scan-modal';
import { useWedgeScan } from '../../../../components/scan/use-wedge-scan';
import { errorMessage } from '../../../../lib/api-client';
import { listOpenManifests, loadOntoManifest, manifestTotals, type ManifestLoadResult } from '../api/manifest-loading-api';

interface LoadScan { id: string; code: string; isAdded: boolean; message: string }
type Totals = ManifestLoadResult['totals'];

/**
 * The scan station's "load manifest" mode (issue 12): pick an open manifest, then each scanned
 * label goes onto it (POST /manifests/{id}/packages with an Idempotency-Key). The running count,
 * weight and value follow every scan; a refused parcel shows why, loud enough to pull it aside.
 */
export function LoadManifestMode() {
  const client = useQueryClient();
  const manifests = useQuery({ queryKey: ['manifests', 'open-for-loading'], queryFn: ({ signal }) => listOpenManifests(signal) });
  const [manifestId, setManifestId] = useState('');
  const [code, setCode] = useState('');
  const [scans, setScans] = useState<LoadScan[]>([]);
  const [totals, setTotals] = useState<Totals | null>(null);
  const [isSending, setSending] = useState(false);
  const [isCameraOpen, setCameraOpen] = useState(false);
  const codeRef = useRef<HTMLInputElement | null>(null);
  const chosen = manifests.data?.find((m) => m.id === manifestId) ?? null;

  const choose = async (id: string) => {
    setManifestId(id);
    setScans([]);
    setTotals(null);
    if (id) setTotals(await manifestTotals(id).catch(() => null));
    codeRef.current?.focus();
  };

  const send = async (raw: string) => {
    const scanned = raw.trim();
    setCameraOpen(false);
    if (!scanned || !manifestId) return;
    setSending(true);
    const id = `${Date.now()}-${scanned}`;
    try {
      const result = await loadOntoManifest(manifestId, scanned, `load-${crypto.randomUUID()}`);
      setTotals(result.totals);
      const added = result.added[0];
      setScans((current) => [{ id, code: scanned, isAdded: true, message: added ? `${added.packageNumber} loaded` : result.message }, ...current].slice(0, 50));
      void client.invalidateQueries({ queryKey: ['manifests'] });
    } catch (error) {
      setScans((current) => [{ id, code: scanned, isAdded: false, message: errorMessage(error, 'The package could not be loaded') }, ...current].slice(0, 50));
    } finally {
      setSending(false);
      setCode('');
      codeRef.current?.focus();
    }
  };

  useWedgeScan((scanned) => void send(scanned), { ignore: codeRef, isEnabled: !!manifestId });
  const last = scans[0];

  return (
    <Stack gap="md">
      <NativeSelect
        label="Open manifest"
        description={manifests.isError ? errorMessage(manifests.error, 'Could not load the open manifests') : 'Parcels scanned below go onto this manifest'}
        value={manifestId}
        onChange={(event) => void choose(event.currentTarget.value)}
        data={[{ value: '', label: manifests.isPending ? 'Loading…' : 'Choose a manifest' },
          ...(manifests.data ?? []).map((m) => ({ value: m.id, label: `${m.number} · ${m.service.toUpperCase()} · ${m.origin} → ${m.destination}${m.waybill ? ` · ${m.waybill}` : ''}` }))]}
      />
      {manifests.data && manifests.data.length === 0 ? <Alert color="yellow">No open manifest: create one on the Maniefest page first.</Alert> : null}
      {chosen ? (
        <>
          <SimpleGrid cols={{ base: 3 }} spacing="sm" role="group" aria-label="Manifest totals">
            {([['Packages', String(totals?.packages ?? 0)], ['Weight', `${(totals?.weight ?? 0).toFixed(2)} lb`], ['Value', formatMoney(totals?.declaredValueCents ?? 0, 'USD')]] as const).map(([label, value]) => (
              <Paper key={label} withBorder p="xs">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
                <Text fw={700} size="lg" aria-label={`${label} on ${chosen.number}`}>{value}</Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              ref={codeRef}
              style={{ flex: 1 }}
              size="lg"
              label="Scan a package label"
              description={isSending ? 'Loading…' : 'Package number or tracking number, then Enter'}
              autoFocus
              autoComplete="off"
              spellCheck={false}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void send(event.currentTarget.value);
                }
              }}
            />
            <ActionIcon size={50} variant="default" aria-label="Scan with the camera" onClick={() => setCameraOpen(true)}>
              <IconCamera size={24} />
            </ActionIcon>
          </Group>
          {last && !last.isAdded ? <Alert color="red" role="alert" title={`Not loaded: ${last.code}`}>{last.message}</Alert> : null}
          {scans.length > 0 ? (
            <Stack gap={4}>
              <Title order={2} size="h4">Scanned at this station</Title>
              {scans.map((scan) => (
                <Group key={scan.id} gap="xs" wrap="nowrap">
                  {scan.isAdded ? <IconCheck size={16} color="green" aria-label="Loaded" /> : <IconX size={16} color="red" aria-label="Refused" />}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{`${scan.code}: ${scan.message}`}</Text>
                </Group>
              ))}
            </Stack>
          ) : null}
          <CameraScanModal opened={isCameraOpen} onClose={() => setCameraOpen(false)} onDetected={(scanned) => void send(scanned)} />
        </>
      ) : null}
    </Stack>
  );
}
