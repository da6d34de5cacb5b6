import { describe, expect, it } from 'vitest';
import { DomainError } from './domain-error';
import {
  assertManifestMove, formatManifestNumber, formatMawb, manifestActionsFrom, mawbProblem, placeProblem,
} from './manifests';
import { manifestInputSchema } from '../schemas/manifests';

describe('master air waybill', () => {
  it('accepts the check digit domain.md gives (1234567 mod 7 = 5), with or without the dash', () => {
    expect(mawbProblem('001-12345675')).toBeNull();
    expect(mawbProblem('00112345675')).toBeNull();
    expect(formatMawb('00112345675')).toBe('001-12345675');
  });

  it('says the check digit is wrong and which digit it should be', () => {
    expect(mawbProblem('001-12345676')).toBe('The master air waybill check digit is wrong: for serial 1234567 the last digit must be 5 (1234567 mod 7), not 6');
  });

  it('refuses a number that is not 11 digits', () => {
    expect(mawbProblem('001-1234567')).toMatch(/must be 11 digits/);
    expect(mawbProblem('ABC-12345675')).toMatch(/must be 11 digits/);
  });
});

describe('airport and port codes', () => {
  it('takes airports for air and UN/LOCODE ports for sea', () => {
    expect(placeProblem('air', 'mia', 'Origin')).toBeNull();
    expect(placeProblem('sea', 'JMKIN', 'Destination')).toBeNull();
    expect(placeProblem('air', 'XYZ', 'Origin')).toBe('Origin must be a known IATA airport code such as MIA or KIN; "XYZ" is not one');
    expect(placeProblem('sea', 'MIA', 'Origin')).toMatch(/known port code/);
  });
});

describe('manifest moves', () => {
  it('allows open → closed → departed → arrived, and reopen only for a courier admin', () => {
    expect(assertManifestMove('open', 'close').to).toBe('closed');
    expect(assertManifestMove('closed', 'depart').packagesTo).toBe('in_transit');
    expect(assertManifestMove('departed', 'arrive').packagesTo).toBe('arrived');
    expect(manifestActionsFrom('closed', 'courier_admin')).toEqual(['reopen', 'depart']);
    expect(manifestActionsFrom('closed', 'staff')).toEqual(['depart']);
  });

  it('refuses anything else with a conflict naming the status', () => {
    expect(() => assertManifestMove('open', 'depart')).toThrow(DomainError);
    expect(() => assertManifestMove('open', 'depart')).toThrow('An Open manifest cannot be marked departed (it must be Closed)');
    expect(() => assertManifestMove('arrived', 'arrive')).toThrow('The manifest is already Arrived');
  });

  it('numbers per service and year', () => {
    expect(formatManifestNumber('air', 2026, 42)).toBe('AIR-2026-0042');
    expect(formatManifestNumber('sea', 2026, 7)).toBe('SEA-2026-0007');
  });
});

describe('manifest header', () => {
  const valid = { service: 'air', carrier: 'Amerijet', mawb: '001-12345675', billOfLading: '', flightOrVoyage: 'M6 123', origin: 'mia', destination: 'KIN', departureDate: '2026-12-01', arrivalDate: '2026-12-02', notes: '' };

  it('normalises codes and the waybill', () => {
    const parsed = manifestInputSchema.parse(valid);
    expect(parsed).toMatchObject({ origin: 'MIA', mawb: '00112345675', billOfLading: null, notes: null });
  });

  it('refuses an unknown airport and a wrong check digit, each on its field, and a departure after the arrival', () => {
    const result = manifestInputSchema.safeParse({ ...valid, mawb: '001-12345670', origin: 'QQQ' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byField.mawb).toMatch(/check digit is wrong/);
    expect(byField.origin).toMatch(/"QQQ" is not one/);
    const late = manifestInputSchema.safeParse({ ...valid, departureDate: '2026-12-03' });
    expect(late.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['arrivalDate', 'The departure date must be on or before the arrival date']]);
  });

  it('takes airports for AIR and ports for SEA', () => {
    const result = manifestInputSchema.safeParse({ ...valid, origin: 'USMIA' });
    expect(result.error?.issues[0]?.message).toBe('Origin must be a known IATA airport code such as MIA or KIN; "USMIA" is not one');
  });

  it('keeps the waybill to its service', () => {
    const result = manifestInputSchema.safeParse({ ...valid, service: 'sea', origin: 'USMIA', destination: 'JMKIN' });
    expect(result.error?.issues[0]?.message).toBe('A master air waybill belongs on an AIR manifest; use the bill of lading for SEA');
  });
});
