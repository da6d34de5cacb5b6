import { FileInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { TICKET_ATTACHMENTS_MAX } from '@parceldesk/shared/schemas/tickets';
import { ATTACHMENT_ACCEPT, checkAttachments } from './attachment-rules';

interface AttachmentsInputProps {
  value: File[];
  onChange: (files: File[]) => void;
  /** A message from the browser check or the server. */
  error: string | null;
  onError: (message: string | null) => void;
  disabled?: boolean;
}

/** Images or PDF, each under 5MB: a wrong pick is refused here with the server's own message. */
export function AttachmentsInput({ value, onChange, error, onError, disabled }: AttachmentsInputProps) {
  const choose = (files: File[]) => {
    const problem = checkAttachments(files);
    onError(problem);
    onChange(problem ? [] : files);
  };
  return (
    <FileInput
      label="Attachments"
      description={`Images (JPG, PNG, GIF) or PDF, each under 5MB, at most ${TICKET_ATTACHMENTS_MAX}`}
      placeholder="Choose files (optional)"
      multiple
      accept={ATTACHMENT_ACCEPT}
      value={value}
      onChange={choose}
      error={error}
      clearable
      clearButtonProps={{ 'aria-label': 'Remove chosen attachments' }}
      leftSection={<IconPaperclip size={16} aria-hidden />}
      disabled={disabled}
    />
  );
}
