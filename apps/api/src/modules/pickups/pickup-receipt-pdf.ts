import { formatMoney as formatJmd } from '@parceldesk/shared/domain/money';
import type { Pickup } from '@parceldesk/shared/schemas/pickups';
import { openPdf } from '../../lib/pdf-fonts';
import { collectorLine, localTime } from './pickup-receipt';

const A4: [number, number] = [595.28, 841.89];
const M = 50;

/**
 * GET /pickups/{id}/receipt: the release on one A4 page to print at the counter or keep, with the
 * signature as drawn: the courier, the receipt number and time, the customer, the parcels, the
 * invoices as they stand, who collected (and their ID), who released, and any override.
 */
export function renderPickupReceiptPdf(pickup: Pickup, courierName: string, signature: Buffer): Promise<Buffer> {
  const { doc, bytes: done } = openPdf(`Pickup receipt ${pickup.pickupNumber}`, { size: A4, margin: M });
  const width = A4[0] - 2 * M;
  const row = (name: string, value: string) => {
    const y = doc.y;
    doc.font('Regular').fontSize(11).text(name, M, y, { width: 120 });
    doc.text(value, M + 130, y, { width: width - 130 });
    doc.moveDown(0.2);
  };

  doc.font('Bold').fontSize(20).text(courierName, M, M, { width });
  doc.moveDown(0.5);
  doc.font('Bold').fontSize(16).text(`Pickup receipt ${pickup.pickupNumber}`, { width });
  doc.moveDown(0.5);
  row('Date', localTime(pickup.releasedAt));
  row('Customer', `${pickup.customer.name} (mailbox ${pickup.customer.mailboxNumber})`);
  row('Collected by', collectorLine(pickup));
  row('Released by', pickup.releasedBy.name);
  if (pickup.override) row('Override', `Released without full payment by ${pickup.override.byName}: ${pickup.override.reason}`);

  doc.moveDown(0.8);
  doc.font('Bold').fontSize(12).text('Parcels collected', M, doc.y, { width });
  doc.moveDown(0.3);
  for (const pkg of pickup.packages) {
    doc.font('Regular').fontSize(10).text(`${pkg.packageNumber}   ${pkg.trackingNumber}${pkg.description ? `   ${pkg.description}` : ''}`, M, doc.y, { width });
  }
  if (pickup.invoices.length > 0) {
    doc.moveDown(0.8);
    doc.font('Bold').fontSize(12).text('Invoices', M, doc.y, { width });
    doc.moveDown(0.3);
    for (const invoice of pickup.invoices) {
      doc.font('Regular').fontSize(10)
        .text(`${invoice.invoiceNumber}   total ${formatJmd(invoice.totalCents)}   paid ${formatJmd(invoice.paidCents)}   balance ${formatJmd(invoice.balanceCents)}`, M, doc.y, { width });
    }
  }
  doc.moveDown(0.5);
  doc.font('Bold').fontSize(11)
    .text(`Total ${formatJmd(pickup.totals.totalCents)}   Paid ${formatJmd(pickup.totals.paidCents)}   Balance due ${formatJmd(pickup.totals.balanceCents)}`, M, doc.y, { width });

  doc.moveDown(1);
  doc.font('Bold').fontSize(12).text('Signature', M, doc.y, { width });
  doc.moveDown(0.3);
  doc.image(signature, M, doc.y, { fit: [260, 110] });
  doc.y += 120;
  doc.moveTo(M, doc.y).lineTo(M + 260, doc.y).stroke();
  doc.moveDown(0.3);
  doc.font('Regular').fontSize(9).fillColor('#555').text(`${pickup.collector.name}: received the parcels above in good order.`, M, doc.y, { width });
  doc.end();
  return done;
}
