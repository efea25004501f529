// What an answer of POST /api/login/ means (product.md#calls: successful only if HTTP ok and success
// true; product.md#errors: the server's error text, else the fallback). The real server's answers are
// exercised in LoginPage.test.tsx; here every shape an answer could take, as plain values.
import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '../../../shared/contract/auth';
import { interpretLoginAnswer, nextPath } from './login';

describe('interpretLoginAnswer', () => {
  it('when the answer is ok and says success true, then the sign-in succeeded', () => {
    expect(interpretLoginAnswer(true, { success: true, error: '' })).toEqual({ success: true });
  });

  it('when the answer says success but its status is not ok, then it failed with the fallback text', () => {
    expect(interpretLoginAnswer(false, { success: true })).toEqual({ success: false, error: LOGIN_MESSAGES.fallback });
  });

  it('when the status is ok but success is not exactly true, then it failed', () => {
    expect(interpretLoginAnswer(true, { success: 'true' })).toEqual({ success: false, error: LOGIN_MESSAGES.fallback });
    expect(interpretLoginAnswer(true, { success: false })).toEqual({ success: false, error: LOGIN_MESSAGES.fallback });
  });

  it("when the server gives an error text, then that text is shown", () => {
    expect(interpretLoginAnswer(false, { success: false, error: 'Invalid username or password.' })).toEqual({
      success: false,
      error: 'Invalid username or password.',
    });
  });

  it('when the error text is missing, blank or not a string, then the fallback is shown', () => {
    for (const body of [{ success: false }, { success: false, error: '' }, { success: false, error: '  ' }, { error: 42 }, null, [], 'nope']) {
      expect(interpretLoginAnswer(false, body)).toEqual({ success: false, error: 'Login failed. Please check your credentials.' });
    }
  });
});

describe('nextPath', () => {
  it('when next is a path of this site, then it is kept, query and all', () => {
    expect(nextPath('/adminpanel/')).toBe('/adminpanel/');
    expect(nextPath('/?q=alice')).toBe('/?q=alice');
  });

  it('when next is missing, another site or not a path, then it is /', () => {
    for (const raw of [null, '', '//evil.example', 'https://evil.example/', '/\\evil.example', 'adminpanel']) {
      expect(nextPath(raw)).toBe('/');
    }
  });

  it('when next is the login page itself, then it is /, so signing in never lands back here', () => {
    for (const raw of ['/accounts/login/', '/accounts/login', '/accounts/login/?next=%2Fadminpanel%2F']) {
      expect(nextPath(raw)).toBe('/');
    }
    expect(nextPath('/accounts/login-help/')).toBe('/accounts/login-help/');
  });
});
