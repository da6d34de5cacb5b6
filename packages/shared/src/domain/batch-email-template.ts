/**
 * Issue 14, batch emails: the placeholders a subject or body may use, and the one renderer the
 * server (preview, test, send) and the browser (the placeholder help, the form's check) share.
 * An unknown placeholder is an error, never left in an email as "{{frstName}}".
 */
export const BATCH_PLACEHOLDERS = ['firstName', 'lastName', 'fullName', 'email', 'mailbox', 'courierName', 'branchName'] as const;
export type BatchPlaceholder = (typeof BATCH_PLACEHOLDERS)[number];
export type PlaceholderValues = Record<BatchPlaceholder, string>;

export const PLACEHOLDER_HELP: Record<BatchPlaceholder, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'First and last name',
  email: 'Email address',
  mailbox: 'Mailbox number',
  courierName: 'Your company name',
  branchName: 'Their branch',
};

const PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;
const known = new Set<string>(BATCH_PLACEHOLDERS);

/** The placeholders of a text that are not known, each once, in order of appearance. */
export function unknownPlaceholders(text: string): string[] {
  const unknown: string[] = [];
  for (const match of text.matchAll(PATTERN)) {
    const name = match[1] ?? '';
    if (!known.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** The message a form shows for a text with unknown placeholders, or null when every one is known. */
export function placeholderError(text: string): string | null {
  const unknown = unknownPlaceholders(text);
  if (unknown.length === 0) return null;
  const list = unknown.map((name) => `{{${name}}}`).join(', ');
  return `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${list}. Use ${BATCH_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ')}`;
}

/** Fills every known placeholder; callers validate first (an unknown one is left as written). */
export function renderTemplate(text: string, values: PlaceholderValues): string {
  return text.replace(PATTERN, (whole, name: string) => (known.has(name) ? values[name as BatchPlaceholder] : whole));
}
