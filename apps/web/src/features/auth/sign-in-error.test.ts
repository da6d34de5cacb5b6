import { describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { ApiError } from '../../lib/api-client';
import { signInErrorMessage } from './sign-in-error';

describe('signInErrorMessage', () => {
  it("uses the server's message", () => {
    expect(signInErrorMessage(new ApiError(403, MSG.noPermissionForArea), MSG.loginFailed)).toBe(MSG.noPermissionForArea);
  });
  it('falls back when the server failed', () => {
    expect(signInErrorMessage(new ApiError(500, 'internal'), MSG.loginFailed, MSG.loginError)).toBe(MSG.loginFailed);
  });
  it('keeps our own catalogue messages thrown in the browser', () => {
    expect(signInErrorMessage(new Error(MSG.tokenNotFoundAfterLogin), MSG.loginFailedCustomer)).toBe(MSG.tokenNotFoundAfterLogin);
    expect(signInErrorMessage(new Error(MSG.invalidTokenType), MSG.impersonationFailed)).toBe(MSG.invalidTokenType);
  });
  it('never shows the text of an unexpected error', () => {
    expect(signInErrorMessage(new TypeError('x is undefined'), MSG.loginFailed, MSG.loginError)).toBe(MSG.loginError);
  });
});
