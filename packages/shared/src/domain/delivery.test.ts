import { describe, expect, it } from 'vitest';
import { assertDeliveryMove, canMoveDelivery, DELIVERY_STATUSES, DELIVERY_TRANSITIONS } from './delivery';

describe('delivery request state machine', () => {
  it('follows requested → scheduled → out_for_delivery → delivered | failed, with cancel and reject before scheduling', () => {
    expect(canMoveDelivery('requested', 'scheduled')).toBe(true);
    expect(canMoveDelivery('scheduled', 'out_for_delivery')).toBe(true);
    expect(canMoveDelivery('out_for_delivery', 'delivered')).toBe(true);
    expect(canMoveDelivery('out_for_delivery', 'failed')).toBe(true);
    expect(canMoveDelivery('requested', 'cancelled')).toBe(true);
    expect(canMoveDelivery('requested', 'rejected')).toBe(true);
    expect(canMoveDelivery('scheduled', 'cancelled')).toBe(false);
    expect(canMoveDelivery('requested', 'delivered')).toBe(false);
  });

  it('ends stay ended', () => {
    for (const end of ['delivered', 'failed', 'cancelled', 'rejected'] as const) {
      expect(DELIVERY_TRANSITIONS[end]).toEqual([]);
      for (const to of DELIVERY_STATUSES) expect(canMoveDelivery(end, to)).toBe(false);
    }
  });

  it('an illegal move is a conflict naming both statuses', () => {
    expect(() => assertDeliveryMove('scheduled', 'cancelled')).toThrow('A delivery request cannot move from Scheduled to Cancelled');
    expect(() => assertDeliveryMove('delivered', 'delivered')).toThrow('The delivery request is already Delivered');
    try {
      assertDeliveryMove('requested', 'delivered');
    } catch (error) {
      expect(error).toMatchObject({ kind: 'conflict', code: 'delivery.invalid_transition' });
    }
  });
});
