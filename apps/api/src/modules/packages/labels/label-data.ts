import { LOCAL_TIME_ZONE } from '../../../lib/local-time';

/** What a 4×6 label carries (issue 11, "After save: the label prints"). One per piece. */
export interface LabelData {
  courierName: string;
  packageNumber: string;
  trackingNumber: string;
  /** The customer's name, or what the parcel's label says for an unknown package. */
  customerName: string;
  /** `IEX-000123`; empty for an unknown package without one. */
  mailboxNumber: string;
  branchName: string;
  /** 'AIR' or 'SEA'. */
  service: string;
  /** Actual weight in lb. */
  weight: number;
  /** This label's piece and the package's pieces: "1 of 2". */
  piece: number;
  pieces: number;
  receivedAt: Date;
  isUnknown: boolean;
}

/** A package of `pieces` pieces gets one label per piece, numbered "1 of n" … "n of n". */
export function labelsForPieces(base: Omit<LabelData, 'piece'>): LabelData[] {
  return Array.from({ length: Math.max(1, base.pieces) }, (_, index) => ({ ...base, piece: index + 1 }));
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: LOCAL_TIME_ZONE, day: '2-digit', month: 'short', year: 'numeric' });

/** The received date as the courier's staff read it: "24 Nov 2026" (Jamaica time). */
export function labelDate(at: Date): string {
  return dateFormat.format(at);
}

export function labelWeight(weight: number): string {
  return `${weight.toFixed(2)} lb`;
}

export const labelPieces = (label: LabelData): string => `${label.piece} of ${label.pieces}`;
