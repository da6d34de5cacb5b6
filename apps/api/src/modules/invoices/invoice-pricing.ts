import { priceParcel, type ChargeLine, type PricingSnapshot } from '@parceldesk/shared/domain/pricing';
import type { DbOrTx } from '../../db/client';
import { loadPricingSnapshot } from '../../lib/pricing-snapshot';

/**
 * The one place invoices meet pricing: every amount on an invoice comes from the shared
 * `priceParcel` with the courier's settings snapshot in force at issue time (issue 13, "Money");
 * the snapshot is kept on the invoice.
 */
export type InvoicePricing = PricingSnapshot;

export const loadInvoicePricing = (db: DbOrTx, courierId: string): Promise<InvoicePricing> => loadPricingSnapshot(db, courierId);

export interface PricedPackage {
  lines: ChargeLine[];
  totalCents: number;
  gctCents: number;
  /** What the invoice keeps beside the settings snapshot: what pricing was given and found. */
  snapshot: Record<string, unknown>;
}

export interface PackageToPrice {
  service: 'air' | 'sea';
  weight: number;
  length: number | null;
  width: number | null;
  height: number | null;
  membershipType: string | null;
  unknownFeeCents: number | null;
}

/** Prices one package (throws pricing's DomainError when the settings cannot price it). */
export function priceInvoicePackage(pkg: PackageToPrice, pricing: InvoicePricing): PricedPackage {
  const parcel = {
    service: pkg.service === 'sea' ? 'SEA' as const : 'AIR' as const,
    weightLbs: Number(pkg.weight),
    lengthIn: pkg.length === null ? null : Number(pkg.length),
    widthIn: pkg.width === null ? null : Number(pkg.width),
    heightIn: pkg.height === null ? null : Number(pkg.height),
    membershipType: pkg.membershipType,
    // An unknown package that was assigned or claimed carries the unknown fee (issue 11).
    unknown: pkg.unknownFeeCents !== null,
  };
  const price = priceParcel(parcel, pricing);
  const gctCents = price.lines.filter((line) => line.code === 'gct').reduce((sum, line) => sum + line.amountCents, 0);
  return {
    lines: price.lines,
    totalCents: price.totalCents,
    gctCents,
    snapshot: { parcel, chargeableLbs: price.chargeableLbs, ...(price.cubicFeet === undefined ? {} : { cubicFeet: price.cubicFeet }) },
  };
}
