import { FileInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { PACKAGE_DOCUMENT_MAX_BYTES, PACKAGE_MSG } from '@parceldesk/shared/schemas/packages';

const EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
const MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const DOCUMENT_ACCEPT = [...MIME_TYPES, ...EXTENSIONS].join(',');

/**
 * The browser's first look at a supplier invoice or claim proof (PDF, JPG or PNG, at most 5 MB),
 * so the customer hears at once; the server checks again by content. null when it passes.
 */
export function documentProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  const isAllowed = (MIME_TYPES as readonly string[]).includes(file.type) || EXTENSIONS.some((ext) => name.endsWith(ext));
  if (!isAllowed) return PACKAGE_MSG.documentWrongType;
  if (file.size > PACKAGE_DOCUMENT_MAX_BYTES) return PACKAGE_MSG.documentTooLarge;
  return null;
}

interface DocumentInputProps {
  label: string;
  description?: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error: string | null;
  onError: (message: string | null) => void;
  required?: boolean;
  disabled?: boolean;
}

/** One PDF, JPG or PNG file under 5MB; a wrong pick is refused here with the server's own message. */
export function DocumentInput({ label, description = 'PDF, JPG or PNG, less than 5MB', value, onChange, error, onError, required, disabled }: DocumentInputProps) {
  const choose = (file: File | null) => {
    const problem = file ? documentProblem(file) : null;
    onError(problem);
    onChange(problem ? null : file);
  };
  return (
    <FileInput
      label={label}
      description={description}
      placeholder={required ? 'Choose a file' : 'Choose a file (optional)'}
      accept={DOCUMENT_ACCEPT}
      value={value}
      onChange={choose}
      error={error}
      required={required}
      clearable
      clearButtonProps={{ 'aria-label': `Remove the chosen ${label.toLowerCase()}` }}
      leftSection={<IconPaperclip size={16} aria-hidden />}
      disabled={disabled}
    />
  );
}
