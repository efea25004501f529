import { describe, expect, it } from 'vitest';
import { ANONYMOUS, LOGIN_MESSAGES, currentUserSchema, loginFormSchema, loginResponseSchema, safeNextPath } from './auth';
import { issuesOf } from '../test-support';

describe('loginFormSchema', () => {
  it('when username and password are given, then the form is accepted with next defaulting to /', () => {
    const result = loginFormSchema.parse({ username: 'admin', password: 'secret' });

    expect(result).toEqual({ username: 'admin', password: 'secret', next: '/' });
  });

  it("when both are blank, then 'Username is required' comes before 'Password is required'", () => {
    const result = loginFormSchema.safeParse({ username: '', password: '' });

    expect(issuesOf(result)).toEqual([['username', 'Username is required'], ['password', 'Password is required']]);
  });

  it("when both are missing, then 'Username is required' still comes first", () => {
    const result = loginFormSchema.safeParse({});

    expect(issuesOf(result)[0]).toEqual(['username', 'Username is required']);
    expect(issuesOf(result)[1]).toEqual(['password', 'Password is required']);
  });

  it.each(['   ', '\t', '\n '])("when the username is only whitespace (%j), then 'Username is required'", (username) => {
    const result = loginFormSchema.safeParse({ username, password: 'secret' });

    expect(issuesOf(result)).toEqual([['username', 'Username is required']]);
  });

  it("when only the password is blank, then 'Password is required' alone", () => {
    const result = loginFormSchema.safeParse({ username: 'admin', password: '' });

    expect(issuesOf(result)).toEqual([['password', 'Password is required']]);
  });

  it('when the username has surrounding spaces, then it is trimmed', () => {
    const result = loginFormSchema.parse({ username: '  admin ', password: 'secret' });

    expect(result.username).toBe('admin');
  });

  it('when the password has spaces, then it is kept exactly as typed', () => {
    const result = loginFormSchema.parse({ username: 'admin', password: '  two words  ' });

    expect(result.password).toBe('  two words  ');
  });

  it('when next is a path on this site, then it is kept', () => {
    const result = loginFormSchema.parse({ username: 'admin', password: 'secret', next: '/admin?tab=scams' });

    expect(result.next).toBe('/admin?tab=scams');
  });

  it.each(['//evil.com', 'https://evil.com/', '/\\evil.com'])("when next is '%s', then it falls back to /", (next) => {
    const result = loginFormSchema.parse({ username: 'admin', password: 'secret', next });

    expect(result.next).toBe('/');
  });

  it('when the messages are read, then they are the exact texts of the spec', () => {
    const messages = LOGIN_MESSAGES;

    expect(messages.usernameRequired).toBe('Username is required');
    expect(messages.passwordRequired).toBe('Password is required');
    expect(messages.fallback).toBe('Login failed. Please check your credentials.');
    expect(messages.requestFailed).toBe('An error occurred during login.');
  });
});

describe('safeNextPath', () => {
  it.each(['/', '/admin', '/registry?q=ada#top', '/profiles/7'])("when next is '%s', then it is kept", (next) => {
    const result = safeNextPath(next);

    expect(result).toBe(next);
  });

  it.each([
    '//evil.com',
    '//evil.com/admin',
    '/\\evil.com',
    'https://evil.com',
    'http://evil.com/',
    'javascript:alert(1)',
    'evil.com',
    '',
    ' /admin',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r\n/evil.com',
  ])('when next is %j, then it falls back to /', (next) => {
    const result = safeNextPath(next);

    expect(result).toBe('/');
  });

  it.each([[undefined], [null], [42], [['/admin']], [{ next: '/admin' }]])('when next is %j, not a text, then it falls back to /', (next) => {
    const result = safeNextPath(next);

    expect(result).toBe('/');
  });

  it('when the browser resolves whatever safeNextPath returns, then it never leaves the site', () => {
    const base = 'https://bustr.test/accounts/login/';
    const attempts = [
      '//evil.com', '/\\evil.com', '/\t/evil.com', '/\n\\evil.com', 'https://evil.com', '/\u0000/evil.com', '/admin', '/./admin', '/%2F%2Fevil.com',
    ];

    const origins = attempts.map((next) => new URL(safeNextPath(next), base).origin);

    expect(new Set(origins)).toEqual(new Set(['https://bustr.test']));
  });
});

describe('loginResponseSchema', () => {
  it('when the response only says success, then the error is empty', () => {
    const result = loginResponseSchema.parse({ success: true });

    expect(result).toEqual({ success: true, error: '' });
  });

  it('when the response carries an error, then it is kept', () => {
    const result = loginResponseSchema.parse({ success: false, error: 'Invalid username or password.' });

    expect(result).toEqual({ success: false, error: 'Invalid username or password.' });
  });

  it("when success is the text 'true', then the response is refused", () => {
    const result = loginResponseSchema.safeParse({ success: 'true' });

    expect(result.success).toBe(false);
  });
});

describe('currentUserSchema', () => {
  it('when the flags are true, then the user is authenticated staff', () => {
    const result = currentUserSchema.parse({ is_authenticated: true, is_staff: true, username: 'admin' });

    expect(result).toEqual({ is_authenticated: true, is_staff: true, username: 'admin' });
  });

  it("when the flags are the text 'true', then they read as true", () => {
    const result = currentUserSchema.parse({ is_authenticated: 'true', is_staff: 'true', username: 'admin' });

    expect(result.is_authenticated).toBe(true);
    expect(result.is_staff).toBe(true);
  });

  it("when the flags are false or the text 'false', then they read as false", () => {
    const result = currentUserSchema.parse({ is_authenticated: 'false', is_staff: false, username: '' });

    expect(result.is_authenticated).toBe(false);
    expect(result.is_staff).toBe(false);
  });

  it('when the username is missing, then it is empty', () => {
    const result = currentUserSchema.parse({ is_authenticated: false, is_staff: false });

    expect(result.username).toBe('');
  });

  it('when a flag is missing, then the user is refused', () => {
    const result = currentUserSchema.safeParse({ is_authenticated: true, username: 'admin' });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['is_staff']);
  });

  it('when the user is anonymous, then neither flag is set and the name is empty', () => {
    const user = ANONYMOUS;

    expect(user).toEqual({ is_authenticated: false, is_staff: false, username: '' });
    expect(currentUserSchema.parse(user)).toEqual(user);
  });
});
