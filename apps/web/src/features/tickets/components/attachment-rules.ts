import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENTS_MAX, TICKET_MSG } from '@parceldesk/shared/schemas/tickets';

const EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.pdf'] as const;
const MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'] as const;

/** The file picker's `accept`: images and PDF (issue 5). */
export const ATTACHMENT_ACCEPT = [...MIME_TYPES, ...EXTENSIONS].join(',');

/**
 * The browser's first look at chosen attachments, so the user hears at once; the server checks
 * again by content. null when every file passes, else the message to show.
 */
export function checkAttachments(files: readonly File[]): string | null {
  if (files.length > TICKET_ATTACHMENTS_MAX) return TICKET_MSG.tooManyAttachments;
  for (const file of files) {
    const name = file.name.toLowerCase();
    const isAllowed = (MIME_TYPES as readonly string[]).includes(file.type) || EXTENSIONS.some((ext) => name.endsWith(ext));
    if (!isAllowed) return TICKET_MSG.attachmentWrongType;
    if (file.size > TICKET_ATTACHMENT_MAX_BYTES) return TICKET_MSG.attachmentTooLarge;
  }
  return null;
}
