import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import type { ScanSync } from '../offline/use-scan-sync';

/** "Waiting to sync" with its count, and the scans the server refused (issue 11, dropped connection). */
export function ScanSyncStatus({ sync }: { sync: ScanSync }) {
  const count = sync.waiting.length;
  return (
    <Stack gap="xs">
      <Group gap="xs" role="status" aria-live="polite">
        {count > 0 ? (
          <>
            <Badge color="orange" size="lg" leftSection={<IconCloudOff size={14} aria-hidden />}>
              {count} waiting to sync
            </Badge>
            <Button size="compact-sm" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} loading={sync.isSyncing} onClick={() => void sync.sync()}>
              Sync now
            </Button>
            {sync.stoppedBy ? <Text size="sm" c="dimmed">{sync.stoppedBy}</Text> : null}
          </>
        ) : (
          <Badge color="green" variant="light" size="lg">All scans synced</Badge>
        )}
      </Group>
      {sync.failed.length > 0 ? (
        <Alert color="red" title={`${sync.failed.length} scan${sync.failed.length === 1 ? '' : 's'} could not be saved`}>
          <List spacing="xs">
            {sync.failed.map((scan) => (
              <List.Item key={scan.seq}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>{scan.label}</Text>
                  <Text size="sm">{scan.error}</Text>
                  <Button size="compact-xs" variant="light" onClick={() => void sync.retry(scan.seq)}>Try again</Button>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => void sync.discard(scan.seq)}>Discard</Button>
                </Group>
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}
