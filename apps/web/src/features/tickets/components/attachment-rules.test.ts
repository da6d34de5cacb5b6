import { describe, expect, it } from 'vitest';
import { TICKET_MSG } from '@parceldesk/shared/schemas/tickets';
import { checkAttachments } from './attachment-rules';

const file = (name: string, type: string, size = 1000) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe('checkAttachments (the browser check; the server checks again by content)', () => {
  it('accepts images and PDF under 5MB', () => {
    expect(checkAttachments([file('a.jpg', 'image/jpeg'), file('b.PNG', ''), file('c.pdf', 'application/pdf', 5 * 1024 * 1024)])).toBeNull();
  });

  it('refuses other kinds, files over 5MB and more than 5 files', () => {
    expect(checkAttachments([file('notes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')])).toBe(TICKET_MSG.attachmentWrongType);
    expect(checkAttachments([file('big.pdf', 'application/pdf', 5 * 1024 * 1024 + 1)])).toBe(TICKET_MSG.attachmentTooLarge);
    expect(checkAttachments(Array.from({ length: 6 }, (_, i) => file(`${i}.png`, 'image/png')))).toBe(TICKET_MSG.tooManyAttachments);
  });
});
