/**
 * An audit entry's details as one readable line ("subject: Lost parcel; attachments: 1"), for
 * the table cell and the export. Nested values are shown as JSON; long text is cut.
 */
export function formatAuditDetails(details: Record<string, unknown> | null | undefined, maxLength = 300): string {
  if (!details) return '';
  const parts = Object.entries(details).map(([key, value]) => `${key}: ${formatValue(value)}`);
  const text = parts.join('; ');
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : JSON.stringify(value);
  return JSON.stringify(value);
}

/** 'ticket.status_changed' → 'Ticket status changed'. */
export function formatAction(action: string): string {
  const words = action.replace(/[._]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}
