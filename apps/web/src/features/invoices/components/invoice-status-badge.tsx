import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@parceldesk/shared/domain/billing';

const COLORS: Record<InvoiceStatus, string> = { unpaid: 'red', partially_paid: 'yellow', paid: 'green', void: 'gray' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge color={COLORS[status]} variant="light">{INVOICE_STATUS_LABELS[status]}</Badge>;
}
