import type { AddInvoiceLineInput } from '@parceldesk/shared/schemas/invoices';
import type { PackageStatusChange } from '@parceldesk/shared/schemas/packages';
import type { PaymentMethod } from '@parceldesk/shared/domain/billing';
import type { AllocationRequest } from '@parceldesk/shared/domain/payments';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';

/**
 * What a delivery does through other features' own paths (docs/decisions/019-delivery.md): the
 * invoices' add-line (the fee), the payments' recordPayment (cash on delivery), the packages'
 * status change (history, notifications) and the pickup counter's signature check. Features do
 * not import each other (eslint-zones.js), so app.ts, which sees them all, hands them in: one
 * implementation each, no copy here and no new import debt.
 */
export interface DeliveryPorts {
  addInvoiceLine: (db: DbOrTx, input: { actor: Actor; invoiceNo: string; courierId?: string | undefined; line: AddInvoiceLineInput; publicUrl: string }) => Promise<{ id: string; invoiceNo: string }>;
  recordPayment: (tx: DbOrTx, input: {
    actor: Actor; customerId: string; method: PaymentMethod; reference: string | null; amountCents: number;
    allocations: readonly AllocationRequest[] | null; note: string | null; idempotencyKey: string | null; publicUrl: string;
  }) => Promise<{ paymentId: string; paymentNo: string }>;
  changePackageStatus: (db: Tx, input: { actor: Actor; packageId: string; change: PackageStatusChange; publicUrl: string }) => Promise<void>;
  signaturePng: (dataUrl: string) => Promise<Buffer>;
}
