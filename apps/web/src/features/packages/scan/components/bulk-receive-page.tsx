import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { staffSideWith } from '@parceldesk/shared/access';
import type { Service } from '@parceldesk/shared/schemas/packages';
import type { BulkReceiveResult } from '@parceldesk/shared/schemas/package-scan';
import { PageHeader } from '../../../../components/ui/page-header';
import { useAreaRoot } from '../../../../components/ui/use-area-root';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useCanAccess } from '../../../../lib/use-access';
import { uploadBulkReceive } from '../api/scan-api';
import { BulkReceiveResults, OutcomeCounts } from './bulk-receive-results';
import { openLabelPdf } from './label-actions';
import { NoScanAccess } from './scan-station-page';

const RECEIVABLE = ['received', 'matched_pre_alert', 'unknown'] as const;

/**
 * /admin/scan/bulk-receive, /staff/scan/bulk-receive (packages_scan): a Miami warehouse's
 * receiving file, checked row by row first, then received in one go (all rows or none).
 */
export function BulkReceivePage() {
  const canAccess = useCanAccess();
  const root = useAreaRoot();
  const [file, setFile] = useState<File | null>(null);
  const [service, setService] = useState<Service>('air');
  const [result, setResult] = useState<BulkReceiveResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  if (!canAccess(staffSideWith('packages_scan'))) return <NoScanAccess />;

  const send = async (commit: boolean, chosen = file) => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await uploadBulkReceive(chosen, { commit, service });
      setResult(answer);
      if (answer.committed) notify.success(answer.message);
    } catch (failure) {
      setResult(null);
      setError(errorMessage(failure, 'The file could not be read'));
    } finally {
      setBusy(false);
    }
  };

  const receivable = result ? RECEIVABLE.reduce((sum, outcome) => sum + result.counts[outcome], 0) : 0;
  const receivedIds = result?.committed ? result.rows.flatMap((row) => (row.packageId ? [row.packageId] : [])) : [];
  return (
    <Stack gap="md" maw={960}>
      <PageHeader title="Bulk receive" back={{ to: `${root}/scan`, label: 'Scan' }} subtitle="Receive the parcels of a Miami warehouse's receiving file (CSV or Excel)." />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text size="sm">The first row names the columns. Read: <b>tracking</b> and <b>weight</b> (required), <b>mailbox</b>, <b>dimensions</b> (12x10x8) or length, width and height, <b>description</b>, <b>value</b> (US$), <b>shipper</b>.</Text>
          <List size="sm">
            <List.Item>A number that matches a pre-alert goes to that customer; a mailbox number to its customer; otherwise the parcel is unknown.</List.Item>
            <List.Item>Nothing is saved until you press Receive; then every receivable row is saved together, or none.</List.Item>
          </List>
          <Group align="flex-end" gap="sm">
            <FileInput
              label="Receiving file"
              placeholder="Choose a .csv, .xlsx or .xls file"
              accept=".csv,.xlsx,.xls"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              value={file}
              clearable
              onChange={(chosen) => {
                setFile(chosen);
                setResult(null);
                if (chosen) void send(false, chosen);
              }}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="bulk-service-label">Service</Text>
              <SegmentedControl aria-labelledby="bulk-service-label" value={service} onChange={(value) => setService(value as Service)} data={[{ value: 'air', label: 'AIR' }, { value: 'sea', label: 'SEA' }]} />
            </Stack>
          </Group>
          {error ? <Alert color="red" title="Not read">{error}</Alert> : null}
        </Stack>
      </Paper>
      {result ? (
        <Stack gap="sm">
          <Alert color={result.committed ? 'green' : 'blue'} title={result.committed ? 'Received' : 'Checked: nothing saved yet'} role="status">
            {result.message}
          </Alert>
          <OutcomeCounts result={result} />
          <Group>
            {!result.committed ? (
              <Button onClick={() => void send(true)} loading={isBusy} disabled={receivable === 0}>
                Receive {receivable} package{receivable === 1 ? '' : 's'}
              </Button>
            ) : null}
            {receivedIds.length > 0 ? (
              <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => void openLabelPdf(receivedIds).catch((failure: unknown) => notify.error(errorMessage(failure, 'The labels could not be opened')))}>
                Print {receivedIds.length} label{receivedIds.length === 1 ? '' : 's'}
              </Button>
            ) : null}
          </Group>
          <BulkReceiveResults result={result} />
        </Stack>
      ) : null}
    </Stack>
  );
}
