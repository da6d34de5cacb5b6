import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { sendOutcomeOf } from './send-outcome';

describe('sendOutcomeOf', () => {
  it('keeps a scan for later when the server was not reached or could not answer', () => {
    for (const status of [0, 401, 408, 429, 500, 502, 503]) {
      expect(sendOutcomeOf(new ApiError(status, 'Cannot reach the server')).kind).toBe('retry');
    }
    expect(sendOutcomeOf(new TypeError('Failed to fetch')).kind).toBe('retry');
  });

  it("sets a scan aside with the server's words when the server refused it", () => {
    expect(sendOutcomeOf(new ApiError(400, 'Validation failed', { weight: 'Weight must be at most 1,000 lb' })))
      .toEqual({ kind: 'rejected', message: 'Validation failed: Weight must be at most 1,000 lb' });
    expect(sendOutcomeOf(new ApiError(404, 'Not found'))).toEqual({ kind: 'rejected', message: 'Not found' });
    expect(sendOutcomeOf(new ApiError(409, 'This Idempotency-Key was already used for a different request')).kind).toBe('rejected');
  });
});
