import { useState } from 'react';
import { Button, Card, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { errorMessage } from '../../../../lib/api-client';
import { rateSheetQuery, useRateSheetDownload } from '../../../../lib/rate-sheet';
import { notify } from '../../../../lib/toast';
import { useUploadRateSheet } from '../../api/rate-sheet-upload';
import { acceptOf, checkFile, RATE_SHEET_RULE } from '../file-checks';
import { QueryState } from '../../../../components/ui/query-state';

/** Tab 6: the sheet customers download from their dashboard and Rate Sheet page. */
export function RateSheetTab({ courierId }: { courierId: string }) {
  const query = useQuery(rateSheetQuery);
  const upload = useUploadRateSheet(courierId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const choose = (picked: File | null) => {
    const problem = picked ? checkFile(picked, RATE_SHEET_RULE) : null;
    setFileError(problem);
    setFile(problem ? null : picked);
  };

  const send = async () => {
    if (!file) {
      setFileError(SETTINGS_MSG.rateSheetMissing);
      return;
    }
    try {
      await upload.mutateAsync(file);
      setFile(null);
      notify.success(SETTINGS_MSG.rateSheetUpdated);
    } catch (error) {
      notify.error(errorMessage(error, SETTINGS_MSG.rateSheetFailed));
    }
  };

  const { download, isDownloading } = useRateSheetDownload();

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="rate-sheet-heading">
      <Title order={2} size="h4" mb="md" id="rate-sheet-heading">
        Rate Sheet
      </Title>
      <Stack gap="md">
        <QueryState query={query} what="the rate sheet" rows={1}>
          {(sheet) =>
            sheet.rate_sheet_url ? (
              <Group gap="xs" wrap="wrap">
                <Text size="sm">Current rate sheet:</Text>
                <Button variant="subtle" size="compact-sm" loading={isDownloading} leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void download(sheet.file_name)}>
                  {sheet.file_name ?? 'Download rate sheet'}
                </Button>
              </Group>
            ) : (
              <Text c="dimmed">{SETTINGS_MSG.noRateSheet}</Text>
            )
          }
        </QueryState>
        <FileInput
          label="Rate sheet file"
          description="PDF, Excel or Word, at most 10MB"
          placeholder="Choose a file"
          accept={acceptOf(RATE_SHEET_RULE)}
          value={file}
          onChange={choose}
          error={fileError}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear chosen rate sheet' }}
        />
        {file ? (
          <Group>
            <Button onClick={() => void send()} disabled={upload.isPending}>
              {upload.isPending ? 'Uploading...' : 'Upload Rate Sheet'}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
