import { ID_TYPE_LABELS, type Pickup } from '@parceldesk/shared/schemas/pickups';
import { formatMoney as formatJmd } from '@parceldesk/shared/domain/money';
import { LOCAL_TIME_ZONE } from '../../lib/local-time';

export const localTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: LOCAL_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Who collected, as the receipt and the success screen say it. */
export function collectorLine(pickup: Pick<Pickup, 'collector' | 'customer'>): string {
  const { collector } = pickup;
  if (collector.kind === 'customer') return `${collector.name} (the customer)`;
  const id = collector.idType ? `${ID_TYPE_LABELS[collector.idType]} ${collector.idNumber ?? ''}`.trim() : '';
  return `${collector.name}, ${collector.relationship ?? 'authorised person'}, for ${pickup.customer.name}${id ? ` (${id})` : ''}, with the customer's authorisation letter`;
}

/** The receipt email: what left the counter, for which invoices, who collected and signed, who released it. */
export function receiptEmail(pickup: Pickup, courierName: string): { subject: string; text: string } {
  const count = pickup.packages.length;
  const lines = [
    `Hello ${pickup.customer.name.split(' ')[0] ?? pickup.customer.name},`,
    '',
    `${count === 1 ? 'Your parcel was' : `Your ${count} parcels were`} collected from ${courierName} on ${localTime(pickup.releasedAt)}.`,
    '',
    `Receipt: ${pickup.pickupNumber}`,
    `Mailbox: ${pickup.customer.mailboxNumber}`,
    '',
    'Parcels collected:',
    ...pickup.packages.map((pkg) => `- ${pkg.packageNumber} (tracking ${pkg.trackingNumber})${pkg.description ? `: ${pkg.description}` : ''}`),
    '',
    ...(pickup.invoices.length > 0
      ? ['Invoices:', ...pickup.invoices.map((invoice) => `- ${invoice.invoiceNumber}: total ${formatJmd(invoice.totalCents)}, paid ${formatJmd(invoice.paidCents)}, balance ${formatJmd(invoice.balanceCents)}`), '']
      : []),
    `Total ${formatJmd(pickup.totals.totalCents)}, paid ${formatJmd(pickup.totals.paidCents)}, balance due ${formatJmd(pickup.totals.balanceCents)}`,
    ...(pickup.totals.balanceCents > 0 ? ['The balance due is still owed: please settle it at the counter or by bank transfer.'] : []),
    '',
    `Collected by: ${collectorLine(pickup)}`,
    'Signed for at the counter; the signature is kept with this receipt.',
    `Released by: ${pickup.releasedBy.name}`,
    '',
    `If you did not collect these parcels, contact ${courierName} at once.`,
    '',
    courierName,
  ];
  return { subject: `${courierName}: parcels collected, receipt ${pickup.pickupNumber}`, text: lines.join('\n') };
}
