import { useCallback, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCESS } from '@parceldesk/shared/access';
import { MANIFEST_STATUS_LABELS } from '@parceldesk/shared/domain/manifests';
import { CameraScanModal } from '../../../components/scan/camera-scan-modal';
import { useWedgeScan } from '../../../components/scan/use-wedge-scan';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { notify } from '../../../lib/toast';
import { useCanAccess } from '../../../lib/use-access';
import {
  downloadReport, finishReconciliation, reconciliationQuery, RECONCILIATION_KEY, startReconciliation, type ReconciliationViewData, type ScanAnswer,
} from '../api/reconciliation';
import { useReconciliationQueue } from '../api/use-reconciliation-queue';
import { DamageModal } from './damage-modal';
import { ReconciliationCounts } from './reconciliation-counts';
import { MissingList, ScanList } from './scan-lists';

/** One manifest's check-in: live counts (SSE), the scanner, last scans, extras, damaged, missing, finish and the report. */
export function ReconciliationScreen({ manifestId }: { manifestId: string }) {
  const query = useQuery(reconciliationQuery(manifestId));
  return (
    <QueryState query={query} what="the reconciliation">
      {(data: ReconciliationViewData) => <Screen data={data} />}
    </QueryState>
  );
}

const RESULT_COLOR = { recorded: 'green', already_scanned: 'blue', replayed: 'blue' } as const;

function Screen({ data }: { data: ReconciliationViewData }) {
  const root = useAreaRoot();
  const { user } = useAuth();
  const canAccess = useCanAccess();
  const client = useQueryClient();
  const manifestId = data.manifest.id;
  const [code, setCode] = useState('');
  const [lastCode, setLastCode] = useState('');
  const [answer, setAnswer] = useState<{ message: string; color: string } | null>(null);
  const [isCameraOpen, setCameraOpen] = useState(false);
  const [isDamageOpen, setDamageOpen] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const [isWorking, setWorking] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: RECONCILIATION_KEY }), [client]);

  const onAnswer = useCallback((result: ScanAnswer) => {
    const extra = result.scan.outcome === 'extra' && result.result === 'recorded';
    setAnswer({ message: result.message, color: extra ? 'orange' : RESULT_COLOR[result.result] });
    refresh();
  }, [refresh]);
  const onRefused = useCallback((message: string) => setAnswer({ message, color: 'red' }), []);
  const queue = useReconciliationQueue(user?.id ?? null, manifestId, onAnswer, onRefused);

  const rec = data.reconciliation;
  const isOpen = rec?.status === 'in_progress' && data.canReconcile;
  const submit = useCallback((raw: string) => {
    const value = raw.trim();
    if (!value) return;
    setCameraOpen(false);
    setCode('');
    setLastCode(value);
    void queue.add(value);
    inputRef.current?.focus();
  }, [queue]);
  useWedgeScan(submit, { ignore: inputRef, isEnabled: isOpen });

  const start = async () => {
    setWorking(true);
    try {
      await startReconciliation(manifestId);
      refresh();
    } catch (error) {
      notify.error(errorMessage(error, 'The reconciliation could not be started'));
    } finally {
      setWorking(false);
    }
  };
  const finish = async () => {
    setWorking(true);
    try {
      const result = await finishReconciliation(manifestId);
      notify.success(result.message);
      setConfirming(false);
      refresh();
    } catch (error) {
      notify.error(errorMessage(error, 'The reconciliation could not be finished'));
    } finally {
      setWorking(false);
    }
  };
  const report = (format: 'pdf' | 'xlsx') => downloadReport(manifestId, data.manifest.number, format)
    .catch((error: unknown) => notify.error(errorMessage(error, 'The report could not be downloaded')));

  const { counts } = data;
  return (
    <Stack gap="md">
      <PageHeader
        title={`Reconciliation ${data.manifest.number}`}
        subtitle={`${data.manifest.origin} → ${data.manifest.destination} · ${MANIFEST_STATUS_LABELS[data.manifest.status]}${rec?.branchName ? ` · checked in at ${rec.branchName}` : ''}`}
        back={{ to: `${root}/reconciliation`, label: 'All manifests' }}
        actions={rec ? (
          <Group gap="xs">
            <Button variant="default" size="xs" leftSection={<IconFileTypePdf size={16} aria-hidden />} onClick={() => void report('pdf')}>Report PDF</Button>
            <Button variant="default" size="xs" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => void report('xlsx')}>Report XLSX</Button>
          </Group>
        ) : null}
      />
      {data.manifest.status !== 'arrived' && !rec ? <Alert color="yellow">{`This manifest is ${MANIFEST_STATUS_LABELS[data.manifest.status]}: it can be reconciled once it has arrived.`}</Alert> : null}
      {rec?.status === 'finished' ? <Alert color="green">{`Reconciled${rec.finishedBy ? ` by ${rec.finishedBy}` : ''}. Download the report for the record.`}</Alert> : null}
      {!rec && data.canReconcile ? (
        <Button onClick={() => void start()} loading={isWorking} size="md" style={{ alignSelf: 'flex-start' }}>Start reconciliation</Button>
      ) : null}
      <ReconciliationCounts counts={counts} />
      {isOpen ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                ref={inputRef}
                style={{ flex: 1 }}
                size="lg"
                label="Package or tracking number"
                description="Scan each parcel; typed numbers go in with Enter."
                autoFocus
                autoComplete="off"
                spellCheck={false}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    submit(event.currentTarget.value);
                  }
                }}
              />
              <ActionIcon size={50} variant="default" aria-label="Scan with the camera" onClick={() => setCameraOpen(true)}><IconCamera size={24} /></ActionIcon>
            </Group>
            {answer ? <Alert color={answer.color} role="status" p="xs">{answer.message}</Alert> : null}
            {queue.waiting > 0 ? <Text size="sm" c="orange">{`${queue.waiting} scan${queue.waiting === 1 ? '' : 's'} waiting to be sent${queue.stoppedBy ? ` (${queue.stoppedBy})` : ''}: they are kept on this device.`}</Text> : null}
            {queue.failed.map((scan) => (
              <Alert key={scan.seq} color="red" p="xs" withCloseButton onClose={() => void queue.discard(scan.seq)} closeButtonLabel={`Dismiss ${scan.label}`}>
                {`${scan.label}: ${scan.error ?? ''}`}
              </Alert>
            ))}
            <Group justify="space-between">
              <Button variant="light" color="yellow" onClick={() => setDamageOpen(true)}>Mark damaged</Button>
              <Button color="green" onClick={() => setConfirming(true)}>Finish reconciliation</Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {rec && !canAccess(ACCESS.reconciliationWork) ? <Text size="sm" c="dimmed">You can follow this reconciliation; scanning needs the Reconcile manifests permission.</Text> : null}
      <ScanList title="Last scans" scans={data.lastScans} empty="Nothing scanned yet." />
      <ScanList title="Extras" scans={data.extras} empty="No parcel from elsewhere." />
      <ScanList title="Damaged" scans={data.damaged} empty="Nothing marked damaged." />
      {rec?.status !== 'finished' ? <MissingList parcels={data.missing} total={counts.missing} /> : null}
      <CameraScanModal opened={isCameraOpen} onClose={() => setCameraOpen(false)} onDetected={submit} />
      <DamageModal manifestId={manifestId} opened={isDamageOpen} code={lastCode} onClose={() => setDamageOpen(false)} onDone={(result) => { setDamageOpen(false); onAnswer(result); }} />
      <ConfirmModal
        opened={isConfirming}
        title="Finish reconciliation?"
        message={`${counts.received} of ${counts.expected} parcels were received and move on to their pickup branch. ${counts.missing} missing: they become Missing and their customers are told. ${counts.extra} extra parcel${counts.extra === 1 ? '' : 's'} recorded. This cannot be undone.`}
        confirmLabel="Finish"
        isWorking={isWorking}
        onConfirm={() => void finish()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
