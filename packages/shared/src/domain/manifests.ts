import { DomainError } from './domain-error';
import type { PackageStatus } from './packages';

/**
 * Manifests (issue 12; shared/domain.md step 4): statuses, the moves between them and what each
 * move does to the parcels on the manifest, waybill and airport/port codes, numbers. One
 * definition for the API, the screens and the reconciliation part. Reasons:
 * docs/decisions/012-manifests.md.
 */

export const MANIFEST_STATUSES = ['open', 'closed', 'departed', 'arrived', 'reconciled'] as const;
export type ManifestStatus = (typeof MANIFEST_STATUSES)[number];

export const MANIFEST_STATUS_LABELS: Record<ManifestStatus, string> = {
  open: 'Open', closed: 'Closed', departed: 'Departed', arrived: 'Arrived', reconciled: 'Reconciled',
};

/** The reconciliation at the destination (built on these tables by the reconciliation part). */
export const RECONCILIATION_STATUSES = ['in_progress', 'finished'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

export const RECONCILIATION_SCAN_OUTCOMES = ['received', 'extra', 'damaged'] as const;
export type ReconciliationScanOutcome = (typeof RECONCILIATION_SCAN_OUTCOMES)[number];

// ---------------------------------------------------------------------------------------------
// Moves (POST /manifests/{id}/status). Arrived → reconciled is the reconciliation's finish, not a move here.

export const MANIFEST_ACTIONS = ['close', 'reopen', 'depart', 'arrive'] as const;
export type ManifestAction = (typeof MANIFEST_ACTIONS)[number];

export interface ManifestMove {
  from: ManifestStatus;
  to: ManifestStatus;
  /** Packages on the manifest in this status move; any other status is left alone (and counted). */
  packagesFrom: PackageStatus;
  packagesTo: PackageStatus;
  /** Button and confirmation wording. */
  label: string;
  done: string;
}

/**
 * Parcels are `manifested` from the moment they are loaded on an open manifest (and `received`
 * again when taken off); closing seals them there, departing puts them in transit, arriving
 * makes them arrived. Reopening is the courier admin's (MANIFEST_REOPEN_ROLES), audited.
 */
export const MANIFEST_MOVES: Record<ManifestAction, ManifestMove> = {
  close: { from: 'open', to: 'closed', packagesFrom: 'manifested', packagesTo: 'manifested', label: 'Close manifest', done: 'Manifest closed' },
  reopen: { from: 'closed', to: 'open', packagesFrom: 'manifested', packagesTo: 'manifested', label: 'Reopen manifest', done: 'Manifest reopened' },
  depart: { from: 'closed', to: 'departed', packagesFrom: 'manifested', packagesTo: 'in_transit', label: 'Mark departed', done: 'Manifest departed' },
  arrive: { from: 'departed', to: 'arrived', packagesFrom: 'in_transit', packagesTo: 'arrived', label: 'Mark arrived', done: 'Manifest arrived' },
};

/** The reconciliation's finish: the one way to `reconciled`. */
export const MANIFEST_RECONCILE_MOVE = { from: 'arrived', to: 'reconciled' } as const satisfies { from: ManifestStatus; to: ManifestStatus };

export const MANIFEST_REOPEN_ROLES = ['courier_admin'] as const;

/** Parcels may be added or removed only while the manifest is open; anything later is sealed. */
export const isManifestOpen = (status: ManifestStatus): boolean => status === 'open';

/** The actions open to a manifest in `status` (the screen offers these; the server refuses the others). */
export function manifestActionsFrom(status: ManifestStatus, role: string): ManifestAction[] {
  return MANIFEST_ACTIONS.filter((action) => MANIFEST_MOVES[action].from === status && mayMakeManifestMove(action, role));
}

export const MANIFEST_MSG = {
  sealed: 'This manifest is closed: its parcels can no longer be changed. A courier admin can reopen it.',
  headerLocked: 'This manifest is closed: its details can no longer be edited. A courier admin can reopen it.',
  reopenAdminOnly: 'Only a courier admin can reopen a manifest',
  reopenReasonRequired: 'Give the reason for reopening the manifest',
  waybillBeforeClose: 'Enter the master air waybill number before closing the manifest',
  billOfLadingBeforeClose: 'Enter the bill of lading number before closing the manifest',
  emptyManifest: 'Add at least one package before closing the manifest',
} as const;

export function manifestTransitionMessage(from: ManifestStatus, action: ManifestAction): string {
  const move = MANIFEST_MOVES[action];
  if (from === move.to) return `The manifest is already ${MANIFEST_STATUS_LABELS[from]}`;
  const article = /^[AEIOU]/.test(MANIFEST_STATUS_LABELS[from]) ? 'An' : 'A';
  return `${article} ${MANIFEST_STATUS_LABELS[from]} manifest cannot be ${action === 'close' ? 'closed' : action === 'reopen' ? 'reopened' : action === 'depart' ? 'marked departed' : 'marked arrived'} (it must be ${MANIFEST_STATUS_LABELS[move.from]})`;
}

/** Who may make the move (reopening is the courier admin's); the server answers 403 to anyone else. */
export const mayMakeManifestMove = (action: ManifestAction, role: string): boolean =>
  action !== 'reopen' || (MANIFEST_REOPEN_ROLES as readonly string[]).includes(role);

/** Refuses a move the manifest's status does not allow (409). */
export function assertManifestMove(from: ManifestStatus, action: ManifestAction): ManifestMove {
  const move = MANIFEST_MOVES[action];
  if (move.from !== from) throw new DomainError('conflict', 'manifest.invalid_transition', manifestTransitionMessage(from, action), 'action');
  return move;
}

/** Adding or removing parcels, or editing the header, needs an open manifest (409 otherwise). */
export function assertManifestOpen(status: ManifestStatus, what: 'packages' | 'header' = 'packages'): void {
  if (!isManifestOpen(status)) throw new DomainError('conflict', 'manifest.sealed', what === 'header' ? MANIFEST_MSG.headerLocked : MANIFEST_MSG.sealed);
}

// ---------------------------------------------------------------------------------------------
// Master air waybill (domain.md: 3-digit airline prefix + 8-digit serial, `001-12345675`; the 8th
// serial digit is the first seven taken as a number, modulo 7).

export const MAWB_MSG = {
  required: 'Master air waybill number is required',
  format: 'The master air waybill number must be 11 digits: a 3-digit airline prefix and an 8-digit serial, like 001-12345675',
} as const;

/** Digits only: `001-1234 5675` → `00112345675`. */
export const normaliseMawb = (raw: string): string => raw.replace(/[\s-]/g, '');

/** `00112345675` → `001-12345675`. */
export function formatMawb(digits: string): string {
  const n = normaliseMawb(digits);
  return n.length === 11 ? `${n.slice(0, 3)}-${n.slice(3)}` : n;
}

/** The check digit the serial's first seven digits call for. */
export const mawbCheckDigit = (firstSevenOfSerial: string): number => Number(firstSevenOfSerial) % 7;

/** Null when the number is a valid MAWB, else the message to show (naming the digit expected). */
export function mawbProblem(raw: string): string | null {
  const n = normaliseMawb(raw);
  if (n.length === 0) return MAWB_MSG.required;
  if (!/^\d{11}$/.test(n)) return MAWB_MSG.format;
  const serial = n.slice(3);
  const expected = mawbCheckDigit(serial.slice(0, 7));
  if (Number(serial[7]) !== expected) {
    return `The master air waybill check digit is wrong: for serial ${serial.slice(0, 7)} the last digit must be ${expected} (${serial.slice(0, 7)} mod 7), not ${serial[7]}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Origins and destinations: IATA airport codes for air, UN/LOCODE port codes for sea. A closed
// list of the gateways Jamaican couriers ship through (decision 012); others are added here.

export const AIRPORTS = {
  MIA: 'Miami International', FLL: 'Fort Lauderdale–Hollywood', MCO: 'Orlando International', TPA: 'Tampa International',
  JFK: 'New York JFK', EWR: 'Newark Liberty', ATL: 'Atlanta Hartsfield–Jackson', IAH: 'Houston George Bush',
  DFW: 'Dallas/Fort Worth', ORD: "Chicago O'Hare", LAX: 'Los Angeles', YYZ: 'Toronto Pearson', LHR: 'London Heathrow',
  KIN: 'Kingston Norman Manley', MBJ: 'Montego Bay Sangster', OCJ: 'Ocho Rios Ian Fleming',
} as const satisfies Record<string, string>;
export type AirportCode = keyof typeof AIRPORTS;

export const SEAPORTS = {
  USMIA: 'Port of Miami', USPEF: 'Port Everglades', USJAX: 'Jacksonville', USSAV: 'Savannah', USHOU: 'Houston',
  USNYC: 'New York', CAHAL: 'Halifax', GBFXT: 'Felixstowe',
  JMKIN: 'Kingston', JMMBJ: 'Montego Bay', JMOCJ: 'Ocho Rios',
} as const satisfies Record<string, string>;
export type SeaportCode = keyof typeof SEAPORTS;

export const placesOf = (service: 'air' | 'sea'): Record<string, string> => (service === 'air' ? AIRPORTS : SEAPORTS);

export const normalisePlaceCode = (raw: string): string => raw.trim().toUpperCase().replace(/\s+/g, '');

/** Null when `code` is a known airport (air) or port (sea), else the message. */
export function placeProblem(service: 'air' | 'sea', raw: string, which: 'Origin' | 'Destination'): string | null {
  const code = normalisePlaceCode(raw);
  if (!code) return `${which} is required`;
  if (Object.hasOwn(placesOf(service), code)) return null;
  return service === 'air'
    ? `${which} must be a known IATA airport code such as MIA or KIN; "${code}" is not one`
    : `${which} must be a known port code (UN/LOCODE) such as USMIA or JMKIN; "${code}" is not one`;
}

// ---------------------------------------------------------------------------------------------
// Numbers: per courier, service and year, `AIR-2026-0042`.

export const MANIFEST_NUMBER_DIGITS = 4;

export const manifestCounterKind = (service: 'air' | 'sea', year: number): string => `manifest-${service}-${year}`;

export function formatManifestNumber(service: 'air' | 'sea', year: number, sequence: number): string {
  return `${service.toUpperCase()}-${year}-${String(sequence).padStart(MANIFEST_NUMBER_DIGITS, '0')}`;
}
