import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { errorMessage } from '../../../lib/api-client';
import { rateSheetQuery, useRateSheetDownload } from '../../../lib/rate-sheet';

/** /customer/rate-sheet: the courier's current price list, downloaded under its original name. */
export function CustomerRateSheetPage() {
  const query = useQuery(rateSheetQuery);
  const { download, isDownloading } = useRateSheetDownload();

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        Rate Sheet
      </Title>
      <Card withBorder padding="lg">
        {query.isPending ? (
          <Skeleton height={40} aria-label="Loading the rate sheet" />
        ) : query.isError ? (
          <Alert color="red" title="Could not load the rate sheet">
            {errorMessage(query.error, 'Please try again.')}
          </Alert>
        ) : query.data.rate_sheet_url ? (
          <Group justify="space-between" gap="md" wrap="wrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <IconFileSpreadsheet size={32} aria-hidden color="var(--mantine-color-blue-6)" style={{ flexShrink: 0 }} />
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ wordBreak: 'break-all' }}>
                  {query.data.file_name ?? 'Rate sheet'}
                </Text>
                <Text size="sm" c="dimmed">
                  Your courier&apos;s current shipping rates.
                </Text>
              </div>
            </Group>
            <Button leftSection={<IconDownload size={16} aria-hidden />} loading={isDownloading} onClick={() => void download(query.data.file_name)}>
              Download
            </Button>
          </Group>
        ) : (
          <Text c="dimmed">{SETTINGS_MSG.noRateSheet}</Text>
        )}
      </Card>
    </Stack>
  );
}
