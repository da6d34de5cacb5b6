import { DomainError } from './domain-error';

/**
 * The package and its journey (issue 11; shared/domain.md "How a parcel travels"). Statuses, the
 * moves the server allows, what customers read and which statuses tell them: one definition for
 * the API, the screens and the later issues (manifests, invoices). The reasons are in
 * docs/decisions/010-packages.md.
 */

export const PACKAGE_STATUSES = [
  'pre_alerted', 'received', 'unknown', 'on_hold',
  'manifested', 'in_transit', 'arrived', 'ready_for_pickup', 'out_for_delivery',
  'collected', 'delivered', 'missing', 'returned', 'abandoned',
] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** Staff wording. */
export const PACKAGE_STATUS_LABELS: Record<PackageStatus, string> = {
  pre_alerted: 'Pre-alerted',
  received: 'Received',
  unknown: 'Unknown',
  on_hold: 'On Hold',
  manifested: 'Manifested',
  in_transit: 'In Transit',
  arrived: 'Arrived',
  ready_for_pickup: 'Ready for Pickup',
  out_for_delivery: 'Out for Delivery',
  collected: 'Collected',
  delivered: 'Delivered',
  missing: 'Missing',
  returned: 'Returned to Shipper',
  abandoned: 'Abandoned',
};

/** What the customer (and the public tracking page) reads: where the parcel is, in their words. */
export const PACKAGE_STATUS_CUSTOMER_LABELS: Record<PackageStatus, string> = {
  pre_alerted: 'Pre-alerted',
  received: 'Received',
  unknown: 'Being identified at our warehouse',
  on_hold: 'On hold: we need something from you',
  manifested: 'Being prepared for shipment',
  in_transit: 'In transit',
  arrived: 'Arrived: in customs clearance',
  ready_for_pickup: 'Ready for pickup',
  out_for_delivery: 'Out for delivery',
  collected: 'Collected',
  delivered: 'Delivered',
  missing: 'Delayed: being located',
  returned: 'Returned to shipper',
  abandoned: 'Abandoned',
};

/** One sentence the received/status email and the detail page add under the label. */
export const PACKAGE_STATUS_NEXT_STEP: Record<PackageStatus, string> = {
  pre_alerted: 'We will match it when it reaches our warehouse.',
  received: 'It will travel on the next shipment of its service; we will tell you when it is on its way.',
  unknown: 'We could not tell whose parcel this is yet.',
  on_hold: 'Please contact us or check your account: customs or we need a document or a payment.',
  manifested: 'It is on the next shipment.',
  in_transit: 'It is on its way to us.',
  arrived: 'It has arrived and is clearing customs; it will be sorted for your branch next.',
  ready_for_pickup: 'Bring your ID (and the invoice payment) to your pickup branch.',
  out_for_delivery: 'It is on its way to your delivery address today.',
  collected: 'Thank you for shipping with us.',
  delivered: 'Thank you for shipping with us.',
  missing: 'It was not found when the shipment was checked; we are looking for it and will update you.',
  returned: 'It was returned to the shipper.',
  abandoned: 'It was not collected within the storage period.',
};

/**
 * Moves the server allows (POST /packages/{id}/status and the flows that move packages). A
 * package record starts as received or unknown (a pre-alert is its own row until then); unknown
 * becomes received only by assignment or an approved claim, which name the customer.
 */
export const PACKAGE_TRANSITIONS: Record<PackageStatus, readonly PackageStatus[]> = {
  pre_alerted: ['received', 'unknown'],
  received: ['manifested', 'on_hold', 'missing', 'returned'],
  unknown: ['received', 'on_hold', 'returned', 'abandoned'],
  on_hold: ['received', 'manifested', 'arrived', 'ready_for_pickup', 'returned', 'abandoned'],
  manifested: ['received', 'in_transit', 'on_hold', 'missing'],
  in_transit: ['arrived', 'on_hold', 'missing'],
  arrived: ['ready_for_pickup', 'out_for_delivery', 'on_hold', 'missing'],
  ready_for_pickup: ['collected', 'out_for_delivery', 'on_hold', 'abandoned'],
  out_for_delivery: ['delivered', 'ready_for_pickup', 'on_hold'],
  collected: [],
  delivered: [],
  missing: ['received', 'arrived', 'ready_for_pickup', 'returned'],
  returned: [],
  abandoned: [],
};

/**
 * Statuses at which the customer is emailed and notified (domain.md: received, in transit, ready, out, collected/delivered, on hold/missing).
 * Arrived too: issue 12 has customers emailed when their manifest arrives (clearing customs).
 */
export const NOTIFYING_STATUSES: readonly PackageStatus[] = [
  'received', 'in_transit', 'arrived', 'ready_for_pickup', 'out_for_delivery', 'collected', 'delivered', 'on_hold', 'missing',
];

export function canMovePackage(from: PackageStatus, to: PackageStatus): boolean {
  return PACKAGE_TRANSITIONS[from].includes(to);
}

export function isNotifyingStatus(status: PackageStatus): boolean {
  return NOTIFYING_STATUSES.includes(status);
}

export function packageTransitionMessage(from: PackageStatus, to: PackageStatus): string {
  if (from === to) return `The package is already ${PACKAGE_STATUS_LABELS[from]}`;
  return `A package cannot move from ${PACKAGE_STATUS_LABELS[from]} to ${PACKAGE_STATUS_LABELS[to]}`;
}

/** Refuses a move off PACKAGE_TRANSITIONS (or to the same status): a 409 naming both statuses. */
export function assertPackageMove(from: PackageStatus, to: PackageStatus): void {
  if (from === to || !canMovePackage(from, to)) {
    throw new DomainError('conflict', 'package.invalid_transition', packageTransitionMessage(from, to), 'status');
  }
}

/** Spec colours of status chips: grey before arrival, blue on the way, green done, amber needs attention, red lost. */
export function packageStatusColor(status: PackageStatus): 'grey' | 'blue' | 'green' | 'yellow' | 'red' {
  if (['collected', 'delivered', 'ready_for_pickup'].includes(status)) return 'green';
  if (['on_hold', 'unknown'].includes(status)) return 'yellow';
  if (['missing', 'abandoned', 'returned'].includes(status)) return 'red';
  if (['manifested', 'in_transit', 'arrived', 'out_for_delivery'].includes(status)) return 'blue';
  return 'grey';
}

// ---------------------------------------------------------------------------------------------
// Carriers and tracking numbers (domain.md "Identifiers read off parcels and paperwork").

export const CARRIERS = ['ups', 'fedex', 'usps', 'dhl', 'amazon', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const CARRIER_LABELS: Record<Carrier, string> = {
  ups: 'UPS', fedex: 'FedEx', usps: 'USPS', dhl: 'DHL', amazon: 'Amazon', other: 'Other',
};

export const TRACKING_MIN = 6;
export const TRACKING_MAX = 40;

/** Upper case, spaces and dashes (and other separators a label prints) removed. */
export function normaliseTracking(raw: string): string {
  return raw.toUpperCase().replace(/[\s\-_.]/g, '');
}

const USPS_NUMBER = /^9[2-5]\d{18,20}$/;
/**
 * A scanned USPS barcode may carry "420" + the destination ZIP (5 or 9 digits) before the
 * tracking number: `420 33198 9400111899223197428490`. Returns the tracking number, or null.
 */
export function stripUspsRoutingPrefix(normalised: string): string | null {
  if (!normalised.startsWith('420')) return null;
  for (const zipDigits of [5, 9]) {
    const tail = normalised.slice(3 + zipDigits);
    if (/^\d+$/.test(normalised.slice(3, 3 + zipDigits)) && USPS_NUMBER.test(tail)) return tail;
  }
  return null;
}

/**
 * The number a package is stored and matched under: normalised, the USPS routing prefix dropped,
 * and a FedEx 34-digit label barcode reduced to its last 12 digits (the tracking number).
 */
export function canonicalTracking(raw: string): string {
  const normalised = normaliseTracking(raw);
  const usps = stripUspsRoutingPrefix(normalised);
  if (usps) return usps;
  if (/^\d{34}$/.test(normalised)) return normalised.slice(-12);
  return normalised;
}

/**
 * Every number a scan may be known under, canonical first: a `92612…` number may be FedEx
 * SmartPost or USPS, and a pre-alert may hold either the full number or its `612…` tail.
 */
export function trackingMatchKeys(raw: string): string[] {
  const canonical = canonicalTracking(raw);
  const keys = [canonical];
  const normalised = normaliseTracking(raw);
  if (normalised !== canonical) keys.push(normalised);
  if (canonical.startsWith('92612')) keys.push(canonical.slice(2));
  else if (canonical.startsWith('612') && /^\d{18,20}$/.test(canonical)) keys.push(`92${canonical}`);
  return [...new Set(keys)];
}

/** The carrier a tracking number's shape points to; `other` when it fits none. */
export function guessCarrier(raw: string): Carrier {
  const n = canonicalTracking(raw);
  if (/^1Z[0-9A-Z]{16}$/.test(n)) return 'ups';
  if (/^TBA\d{12}$/.test(n)) return 'amazon';
  if (USPS_NUMBER.test(n) || /^[A-Z]{2}\d{9}US$/.test(n)) return 'usps';
  if (/^(\d{12}|\d{15}|\d{20}|\d{22})$/.test(n)) return 'fedex';
  if (/^\d{10}$/.test(n)) return 'dhl';
  return 'other';
}

export const TRACKING_MSG = {
  required: 'Tracking number is required',
  length: `Tracking number must be ${TRACKING_MIN} to ${TRACKING_MAX} letters or digits`,
  characters: 'Tracking number may contain only letters and digits (spaces and dashes are ignored)',
} as const;

/** Null when the number is usable, else the message to show. */
export function trackingProblem(raw: string): string | null {
  const n = normaliseTracking(raw);
  if (n.length === 0) return TRACKING_MSG.required;
  if (!/^[A-Z0-9]+$/.test(n)) return TRACKING_MSG.characters;
  if (n.length < TRACKING_MIN || n.length > TRACKING_MAX) return TRACKING_MSG.length;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Weights and dimensions (pounds and inches, two decimals).

export const WEIGHT_MAX_LBS = 1000;
export const DIMENSION_MAX_IN = 200;
export const PIECES_MAX = 99;
export const DECLARED_VALUE_MAX = 1_000_000;
export const DEFAULT_VOLUMETRIC_DIVISOR = 166;
export const VOLUMETRIC_DIVISOR_MIN = 100;
export const VOLUMETRIC_DIVISOR_MAX = 400;

export const MEASURE_MSG = {
  weightRequired: 'Weight is required',
  weightPositive: 'Weight must be more than 0 lb',
  weightMax: `Weight must be at most ${WEIGHT_MAX_LBS.toLocaleString('en-US')} lb`,
  dimensionPositive: 'Dimensions must be more than 0 in',
  dimensionMax: `Each dimension must be at most ${DIMENSION_MAX_IN} in`,
  dimensionsAllOrNone: 'Enter length, width and height together, or none of them',
  twoDecimals: 'Use at most 2 decimals',
  piecesRange: `Pieces must be a whole number from 1 to ${PIECES_MAX}`,
  declaredValueRange: `Declared value must be between 0 and ${DECLARED_VALUE_MAX.toLocaleString('en-US')} US$`,
  divisorRange: `The volumetric divisor must be a whole number from ${VOLUMETRIC_DIVISOR_MIN} to ${VOLUMETRIC_DIVISOR_MAX}`,
} as const;

/** True when a number has at most two decimals (2.5, 2.55; not 2.555), tolerating binary fractions. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

export const toHundredths = (value: number): number => Math.round(value * 100);

/** L × W × H ÷ divisor, in pounds with two decimals (rounded up: a volumetric weight is never understated). */
export function volumetricWeight(dims: { length: number; width: number; height: number }, divisor: number): number {
  if (!(divisor > 0)) throw new Error(`The volumetric divisor must be positive, got ${divisor}`);
  const cubic = dims.length * dims.width * dims.height;
  return Math.ceil((cubic * 100) / divisor - 1e-6) / 100;
}

/** The greater of actual and volumetric weight, rounded up to the next whole pound (2.00 → 2, 2.01 → 3). */
export function chargeableWeight(actualLbs: number, volumetricLbs: number | null): number {
  const greater = Math.max(toHundredths(actualLbs), volumetricLbs === null ? 0 : toHundredths(volumetricLbs));
  return Math.ceil(greater / 100);
}

/** Weights of a package from what the scale and the tape measure say. */
export function packageWeights(input: { weight: number; length?: number | null; width?: number | null; height?: number | null }, divisor: number) {
  const { length, width, height } = input;
  const volumetric = length && width && height ? volumetricWeight({ length, width, height }, divisor) : null;
  return { volumetricWeight: volumetric, chargeableWeight: chargeableWeight(input.weight, volumetric) };
}

// ---------------------------------------------------------------------------------------------
// Package numbers: per courier, sequential, readable (IEX-P-0004312).

export const PACKAGE_NUMBER_DIGITS = 7;

export function formatPackageNumber(courierCode: string, sequence: number): string {
  return `${courierCode.toUpperCase()}-P-${String(sequence).padStart(PACKAGE_NUMBER_DIGITS, '0')}`;
}

const PACKAGE_NUMBER = /^([A-Z0-9][A-Z0-9-]{1,11})-P-(\d{1,12})$/;

/** `iex-p-4312` → { courierCode: 'IEX', sequence: 4312 }; null when it is not a package number. */
export function parsePackageNumber(raw: string): { courierCode: string; sequence: number } | null {
  const match = PACKAGE_NUMBER.exec(raw.trim().toUpperCase().replace(/\s+/g, ''));
  if (!match?.[1] || !match[2]) return null;
  return { courierCode: match[1], sequence: Number(match[2]) };
}

/** Mailbox numbers as printed on labels (`IEX-000123`), upper-cased and trimmed for lookup. */
export function normaliseMailbox(raw: string): string {
  return raw.trim().toUpperCase().replace(/\s+/g, '');
}

/** The only personal data the public tracking page shows: a first-name initial ("T."). */
export function firstNameInitial(firstName: string | null | undefined): string | null {
  const letter = firstName?.trim().charAt(0);
  return letter ? `${letter.toUpperCase()}.` : null;
}
