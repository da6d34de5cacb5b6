import { Button, Group } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import type { TicketAttachment } from '@parceldesk/shared/schemas/tickets';
import { config } from '../../../config';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { notify } from '../../../lib/toast';

/** The API's attachment URL as a path for downloadFile (which adds /api itself). */
export function attachmentPath(url: string): string {
  return url.startsWith(`${config.apiBase}/`) ? url.slice(config.apiBase.length) : url;
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Files need the bearer token, so each is fetched and saved rather than linked. */
export function AttachmentList({ attachments }: { attachments: readonly TicketAttachment[] }) {
  if (attachments.length === 0) return null;
  const download = async (attachment: TicketAttachment) => {
    try {
      await downloadFile(attachmentPath(attachment.url), { fallbackName: attachment.fileName, fileName: attachment.fileName });
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to download the attachment'));
    }
  };
  return (
    <Group gap="xs" mt="xs">
      {attachments.map((attachment) => {
        const Icon = attachment.contentType === 'application/pdf' ? IconFileTypePdf : IconPhoto;
        return (
          <Button
            key={attachment.id}
            size="compact-sm"
            variant="default"
            leftSection={<Icon size={14} aria-hidden />}
            rightSection={<IconDownload size={14} aria-hidden />}
            onClick={() => void download(attachment)}
            aria-label={`Download ${attachment.fileName} (${formatSize(attachment.size)})`}
            maw="100%"
          >
            {attachment.fileName}
          </Button>
        );
      })}
    </Group>
  );
}
