import { describe, expect, it } from 'vitest';
import {
  canMovePackage, canonicalTracking, chargeableWeight, firstNameInitial, formatPackageNumber, guessCarrier, hasAtMostTwoDecimals,
  isNotifyingStatus, normaliseTracking, PACKAGE_STATUSES, PACKAGE_TRANSITIONS, packageTransitionMessage, packageWeights, parsePackageNumber,
  stripUspsRoutingPrefix, trackingMatchKeys, trackingProblem, volumetricWeight,
} from './packages';

describe('package statuses', () => {
  it('every transition names known statuses, and terminal statuses lead nowhere', () => {
    for (const from of PACKAGE_STATUSES) {
      for (const to of PACKAGE_TRANSITIONS[from]) expect(PACKAGE_STATUSES).toContain(to);
    }
    for (const end of ['collected', 'delivered', 'returned', 'abandoned'] as const) expect(PACKAGE_TRANSITIONS[end]).toEqual([]);
  });

  it('follows the journey and refuses jumps', () => {
    expect(canMovePackage('received', 'manifested')).toBe(true);
    expect(canMovePackage('arrived', 'ready_for_pickup')).toBe(true);
    expect(canMovePackage('ready_for_pickup', 'collected')).toBe(true);
    expect(canMovePackage('received', 'delivered')).toBe(false);
    expect(canMovePackage('delivered', 'received')).toBe(false);
    expect(canMovePackage('unknown', 'received')).toBe(true);
  });

  it('names both statuses when refusing a move', () => {
    expect(packageTransitionMessage('received', 'delivered')).toBe('A package cannot move from Received to Delivered');
    expect(packageTransitionMessage('received', 'received')).toBe('The package is already Received');
  });

  it('notifies customers at the statuses the trade expects', () => {
    expect(isNotifyingStatus('received')).toBe(true);
    expect(isNotifyingStatus('ready_for_pickup')).toBe(true);
    expect(isNotifyingStatus('manifested')).toBe(false);
    expect(isNotifyingStatus('unknown')).toBe(false);
  });
});

describe('tracking numbers', () => {
  it('normalises case, spaces and dashes', () => {
    expect(normaliseTracking(' 1z 999-aa1 0123456784 ')).toBe('1Z999AA10123456784');
  });

  it('drops the USPS 420+ZIP routing prefix (5 or 9 digit ZIP) of a scanned barcode', () => {
    expect(stripUspsRoutingPrefix('420331989400111899223197428490')).toBe('9400111899223197428490');
    expect(stripUspsRoutingPrefix('420331981234' + '9205590164917312751089')).toBe('9205590164917312751089');
    expect(canonicalTracking('420 33198 9400 1118 9922 3197 4284 90')).toBe('9400111899223197428490');
    expect(stripUspsRoutingPrefix('9400111899223197428490')).toBeNull();
    expect(canonicalTracking('4201234')).toBe('4201234');
  });

  it('reduces a FedEx 34-digit label barcode to its 12-digit tracking number', () => {
    expect(canonicalTracking('1001901781990001000300617767839437')).toBe('617767839437');
  });

  it('matches a 92612… number on its 612… tail too', () => {
    expect(trackingMatchKeys('9261290100130435082154')).toEqual(['9261290100130435082154', '61290100130435082154']);
    expect(trackingMatchKeys('420331989400111899223197428490')).toEqual(['9400111899223197428490', '420331989400111899223197428490']);
  });

  it('guesses the carrier from the shape of the number', () => {
    expect(guessCarrier('1Z999AA10123456784')).toBe('ups');
    expect(guessCarrier('TBA123456789012')).toBe('amazon');
    expect(guessCarrier('9400111899223197428490')).toBe('usps');
    expect(guessCarrier('420331989400111899223197428490')).toBe('usps');
    expect(guessCarrier('EA123456789US')).toBe('usps');
    expect(guessCarrier('123456789012')).toBe('fedex');
    expect(guessCarrier('1234567890')).toBe('dhl');
    expect(guessCarrier('ABC-123-XYZ')).toBe('other');
  });

  it('accepts 6 to 40 letters or digits after normalisation', () => {
    expect(trackingProblem('12345')).toBe('Tracking number must be 6 to 40 letters or digits');
    expect(trackingProblem('123-456')).toBeNull();
    expect(trackingProblem('x'.repeat(41))).toBe('Tracking number must be 6 to 40 letters or digits');
    expect(trackingProblem('   ')).toBe('Tracking number is required');
    expect(trackingProblem('ABC#12345')).toMatch(/only letters and digits/);
  });
});

describe('weights', () => {
  it('volumetric weight is L×W×H ÷ divisor with two decimals, never understated', () => {
    expect(volumetricWeight({ length: 12, width: 10, height: 8 }, 166)).toBe(5.79); // 960 / 166 = 5.783…
    expect(volumetricWeight({ length: 10, width: 10, height: 16.6 }, 166)).toBe(10);
    expect(volumetricWeight({ length: 12, width: 10, height: 8 }, 139)).toBe(6.91);
  });

  it('chargeable weight is the greater, rounded up to the next pound', () => {
    expect(chargeableWeight(2, null)).toBe(2);
    expect(chargeableWeight(2.01, null)).toBe(3);
    expect(chargeableWeight(0.1 + 0.2, null)).toBe(1);
    expect(chargeableWeight(3.2, 5.79)).toBe(6);
    expect(chargeableWeight(7.5, 5.79)).toBe(8);
    expect(packageWeights({ weight: 3.2, length: 12, width: 10, height: 8 }, 166)).toEqual({ volumetricWeight: 5.79, chargeableWeight: 6 });
    expect(packageWeights({ weight: 3.2 }, 166)).toEqual({ volumetricWeight: null, chargeableWeight: 4 });
  });

  it('knows two decimals from three', () => {
    expect(hasAtMostTwoDecimals(2.55)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true); // 0.30000000000000004 is 0.30 typed
    expect(hasAtMostTwoDecimals(1.005)).toBe(false);
    expect(hasAtMostTwoDecimals(12)).toBe(true);
  });
});

describe('package numbers and people', () => {
  it('formats and reads back IEX-P-0004312', () => {
    expect(formatPackageNumber('iex', 4312)).toBe('IEX-P-0004312');
    expect(parsePackageNumber('iex-p-0004312')).toEqual({ courierCode: 'IEX', sequence: 4312 });
    expect(parsePackageNumber('IEX-000123')).toBeNull();
  });

  it('shows no more than a first-name initial', () => {
    expect(firstNameInitial('tanya')).toBe('T.');
    expect(firstNameInitial('')).toBeNull();
  });
});
