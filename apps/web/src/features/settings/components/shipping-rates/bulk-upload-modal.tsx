import { useState } from 'react';
import { Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useBulkUploadRates, type BulkUploadResult } from '../../api/shipping-rates';
import { acceptOf, BULK_RATES_RULE, checkFile } from '../file-checks';
import { BulkUploadResultView } from './bulk-upload-result';
import { TemplateButtons } from './template-buttons';

interface BulkUploadModalProps {
  opened: boolean;
  courierId: string;
  onClose: () => void;
}

/** Spec section 2, tab 1: an Excel or CSV file with columns weight and cost. */
export function BulkUploadModal({ opened, courierId, onClose }: BulkUploadModalProps) {
  const upload = useBulkUploadRates();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<BulkUploadResult | null>(null);

  const close = () => {
    setFile(null);
    setFileError(null);
    setResult(null);
    onClose();
  };

  const choose = (picked: File | null) => {
    const problem = picked ? checkFile(picked, BULK_RATES_RULE) : null;
    setFileError(problem);
    setFile(problem ? null : picked);
    setResult(null);
  };

  const send = async () => {
    if (!file || !courierId) {
      setFileError(SETTINGS_MSG.bulkMissing);
      return;
    }
    try {
      const answer = await upload.mutateAsync({ file, courierId });
      setResult(answer);
      setFile(null);
      // The server refuses a file as a whole with a 4xx and its message (spec section 8), caught below.
      notify.success(answer.message);
    } catch (error) {
      notify.error(errorMessage(error, SETTINGS_MSG.uploadFailed));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Bulk Upload" size="lg" centered>
      <Stack gap="md">
        <Text size="sm">
          Upload an Excel (.xlsx, .xls) or CSV file with the columns <strong>weight</strong> and <strong>cost</strong>.
          A weight already listed is updated rather than added twice.
        </Text>
        <TemplateButtons />
        <FileInput
          label="Rates file"
          description="Excel or CSV, at most 5MB"
          placeholder="Choose a file"
          accept={acceptOf(BULK_RATES_RULE)}
          value={file}
          onChange={choose}
          error={fileError}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear chosen rates file' }}
        />
        {result ? <BulkUploadResultView result={result} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {result ? 'Close' : 'Cancel'}
          </Button>
          <Button onClick={() => void send()} disabled={!file || upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
