import { DomainError } from './domain-error';

/**
 * Issue 14, delivery requests: a customer asks for ready parcels to be brought to an address in
 * one of the courier's delivery locations; staff schedule, assign a driver, send it out and close
 * it delivered or failed. One definition for the API, the screens and the tests; the reasons are in
 * docs/decisions/019-delivery.md.
 */
export const DELIVERY_STATUSES = ['requested', 'scheduled', 'out_for_delivery', 'delivered', 'failed', 'cancelled', 'rejected'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  requested: 'Requested',
  scheduled: 'Scheduled',
  out_for_delivery: 'Out for Delivery',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/**
 * The moves the server allows. Scheduling again while scheduled moves the date or driver without a
 * status change (not a transition). A customer cancels only while requested (issue 14: "until it is
 * scheduled"); staff reject a request they cannot serve before scheduling it (once scheduled the fee is on
 * the invoice; a delivery that cannot be made goes out and fails with its reason).
 */
export const DELIVERY_TRANSITIONS: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  requested: ['scheduled', 'cancelled', 'rejected'],
  scheduled: ['out_for_delivery'],
  out_for_delivery: ['delivered', 'failed'],
  delivered: [],
  failed: [],
  cancelled: [],
  rejected: [],
};

/** Requests still holding their parcels (a parcel is on one open request at a time). */
export const OPEN_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['requested', 'scheduled', 'out_for_delivery'];

export function canMoveDelivery(from: DeliveryStatus, to: DeliveryStatus): boolean {
  return DELIVERY_TRANSITIONS[from].includes(to);
}

export function deliveryTransitionMessage(from: DeliveryStatus, to: DeliveryStatus): string {
  if (from === to) return `The delivery request is already ${DELIVERY_STATUS_LABELS[from]}`;
  return `A delivery request cannot move from ${DELIVERY_STATUS_LABELS[from]} to ${DELIVERY_STATUS_LABELS[to]}`;
}

/** Refuses a move off DELIVERY_TRANSITIONS: a 409 naming both statuses. */
export function assertDeliveryMove(from: DeliveryStatus, to: DeliveryStatus): void {
  if (!canMoveDelivery(from, to)) throw new DomainError('conflict', 'delivery.invalid_transition', deliveryTransitionMessage(from, to), 'status');
}

export function deliveryStatusColor(status: DeliveryStatus): 'grey' | 'blue' | 'green' | 'yellow' | 'red' {
  if (status === 'delivered') return 'green';
  if (status === 'scheduled' || status === 'out_for_delivery') return 'blue';
  if (status === 'requested') return 'yellow';
  if (status === 'failed' || status === 'rejected') return 'red';
  return 'grey';
}

/** The time windows a delivery is scheduled in (local time). */
export const DELIVERY_WINDOWS = ['morning', 'afternoon', 'evening'] as const;
export type DeliveryWindow = (typeof DELIVERY_WINDOWS)[number];
export const DELIVERY_WINDOW_LABELS: Record<DeliveryWindow, string> = {
  morning: '9:00 am – 12:00 pm',
  afternoon: '12:00 pm – 4:00 pm',
  evening: '4:00 pm – 7:00 pm',
};

export const formatDeliveryNumber = (sequence: number) => `DR-${String(sequence).padStart(6, '0')}`;
