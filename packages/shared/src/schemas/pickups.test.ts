import { describe, expect, it } from 'vitest';
import { createPickupSchema, PICKUP_MSG, pickupFormSchema } from './pickups';

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB';
const ID = '5b0b5a8e-3c1f-4a52-9d0c-2f6a4b1f7e10';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('pickup schemas', () => {
  it('the customer collecting needs nothing more', () => {
    expect(pickupFormSchema.safeParse({ collectorKind: 'customer' }).success).toBe(true);
  });

  it('an authorised person needs a name, photo ID, relationship and the letter, each with its message', () => {
    expect(errorsOf(pickupFormSchema.safeParse({ collectorKind: 'authorised', collectorName: '  ', idNumber: '' }))).toEqual({
      collectorName: PICKUP_MSG.collectorNameRequired, idType: PICKUP_MSG.idTypeRequired, idNumber: PICKUP_MSG.idNumberRequired,
      relationship: PICKUP_MSG.relationshipRequired, authorisationLetterFileId: PICKUP_MSG.letterRequired,
    });
    expect(pickupFormSchema.safeParse({
      collectorKind: 'authorised', collectorName: 'Marcia Brown', idType: 'passport', idNumber: 'A123', relationship: 'Sister', authorisationLetterFileId: ID,
    }).success).toBe(true);
  });

  it('a release names parcels and carries a PNG data URL; an override reason is a real sentence', () => {
    expect(errorsOf(createPickupSchema.safeParse({ packageIds: [], collectorKind: 'customer', signature: 'data:image/svg+xml;base64,PHN2Zz4=' }))).toEqual({
      packageIds: PICKUP_MSG.choosePackages, signature: PICKUP_MSG.signatureInvalid,
    });
    expect(errorsOf(createPickupSchema.safeParse({ packageIds: [ID], collectorKind: 'customer', signature: SIGNATURE, overrideReason: 'ok' }))).toEqual({
      overrideReason: PICKUP_MSG.overrideReasonRequired,
    });
    expect(createPickupSchema.safeParse({ packageIds: [ID], collectorKind: 'customer', signature: SIGNATURE, overrideReason: 'Pays on Friday' }).success).toBe(true);
  });

  it('says what is owed and where, in J$', () => {
    expect(PICKUP_MSG.balanceDue('IEX-P-0000012', 123450, 'INV-000045'))
      .toBe('IEX-P-0000012 has J$1,234.50 unpaid on INV-000045: take the payment first, or a courier admin may release it with a reason');
  });
});
