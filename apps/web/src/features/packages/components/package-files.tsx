import { Button, Group, Text } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import type { PackageFile } from '@parceldesk/shared/schemas/packages';
import { config } from '../../../config';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { notify } from '../../../lib/toast';

const KIND_LABELS: Record<PackageFile['kind'], string> = { photo: 'Photo', invoice: 'Supplier invoice', claim_proof: 'Proof of purchase' };

/** The API's file URL as a path for downloadFile (which adds /api itself). */
export const filePath = (url: string) => (url.startsWith(`${config.apiBase}/`) ? url.slice(config.apiBase.length) : url);

/** Files need the bearer token, so each is fetched and saved rather than linked. */
export function PackageFiles({ files, empty = 'No documents yet.' }: { files: readonly PackageFile[]; empty?: string }) {
  if (files.length === 0) return <Text c="dimmed" size="sm">{empty}</Text>;
  const download = async (file: PackageFile) => {
    try {
      await downloadFile(filePath(file.url), { fallbackName: file.fileName, fileName: file.fileName });
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to download the file'));
    }
  };
  return (
    <Group gap="xs">
      {files.map((file) => {
        const Icon = file.contentType === 'application/pdf' ? IconFileTypePdf : IconPhoto;
        return (
          <Button
            key={file.id}
            size="compact-sm"
            variant="default"
            leftSection={<Icon size={14} aria-hidden />}
            rightSection={<IconDownload size={14} aria-hidden />}
            onClick={() => void download(file)}
            aria-label={`Download ${KIND_LABELS[file.kind].toLowerCase()} ${file.fileName}`}
            maw="100%"
          >
            {`${KIND_LABELS[file.kind]}: ${file.fileName}`}
          </Button>
        );
      })}
    </Group>
  );
}
