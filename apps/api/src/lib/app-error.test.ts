import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@parceldesk/shared/domain/domain-error';
import { priceParcel, type PricingSnapshot } from '@parceldesk/shared/domain/pricing';
import { registerErrorHandler } from '../plugins/error-handler';
import { AppError, asAppError, notFound } from './app-error';

describe('AppError codes', () => {
  it('carries a machine-readable code next to its message, sent only when specific', () => {
    expect(notFound().code).toBe('not_found');
    expect(notFound().toBody()).toEqual({ message: 'Not found' });
    const coded = asAppError(new DomainError('conflict', 'ticket.invalid_transition', 'A ticket cannot move from Closed to Resolved', 'status'));
    expect(coded).toBeInstanceOf(AppError);
    expect(coded?.statusCode).toBe(409);
    expect(coded?.toBody()).toEqual({
      message: 'A ticket cannot move from Closed to Resolved', fieldErrors: { status: 'A ticket cannot move from Closed to Resolved' }, code: 'ticket.invalid_transition',
    });
    expect(asAppError(new Error('boom'))).toBeNull();
  });

  it('answers a broken domain rule 400 or 422 with its code, never 500', async () => {
    const app = Fastify();
    registerErrorHandler(app, { spaFallback: false });
    const snapshot: PricingSnapshot = {
      courierId: 'c', airRates: [], seaRatePerCubicFootCents: null, seaMinimumCents: 0, processingFees: [], gctPercent: 15,
      unknownFeeCents: 0, switchingFeeCents: 0, uncollectedFeeCents: 0, membershipRates: {}, exchangeRate: null, volumetricDivisor: 166, takenAt: '',
    };
    app.get('/no-rates', async () => priceParcel({ service: 'AIR', weightLbs: 2 }, snapshot));
    app.get('/bad-weight', async () => priceParcel({ service: 'AIR', weightLbs: -1 }, snapshot));
    const noRates = await app.inject({ url: '/no-rates' });
    expect(noRates.statusCode).toBe(422);
    expect(noRates.json()).toEqual({ message: 'Cannot price a package: the courier has no active shipping rates', code: 'pricing.no_active_rates' });
    const badWeight = await app.inject({ url: '/bad-weight' });
    expect(badWeight.statusCode).toBe(400);
    expect(badWeight.json()).toMatchObject({ code: 'pricing.invalid_weight', fieldErrors: { weight: expect.stringContaining('positive number') } });
    await app.close();
  });
});
