// product.md#entities-current-user ("Current user"), "Login form"; product.md#validation login validation (in this order).
import { z } from 'zod';
import { DEFAULT_NEXT_PATH, MAX_SHORT_TEXT } from '../constants';
import { looseBoolean, textInput } from './common';

export const LOGIN_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  fallback: 'Login failed. Please check your credentials.',
  requestFailed: 'An error occurred during login.',
  invalid: 'Invalid username or password.',
} as const;

/**
 * Only same-site paths are accepted as next, so a login link cannot send someone elsewhere.
 * Control characters are refused too: a browser drops tabs and newlines from a URL, so
 * '/\t/evil.com' would become '//evil.com'.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || /\p{Cc}/u.test(next)) return DEFAULT_NEXT_PATH;
  return next;
}

export const loginFormSchema = z.object({
  username: textInput({ error: LOGIN_MESSAGES.usernameRequired }).trim().min(1, LOGIN_MESSAGES.usernameRequired).max(MAX_SHORT_TEXT),
  password: textInput({ error: LOGIN_MESSAGES.passwordRequired }).min(1, LOGIN_MESSAGES.passwordRequired).max(1024),
  // not refused for a NUL: a link's next with one falls back to the default path, as any unsafe next does
  next: z.string().optional().transform(safeNextPath),
});
export type LoginForm = z.output<typeof loginFormSchema>;

export const loginResponseSchema = z.object({ success: z.boolean(), error: z.string().optional().default('') });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const currentUserSchema = z.object({
  is_authenticated: looseBoolean,
  is_staff: looseBoolean,
  username: z.string().nullable().default(''),
});
export type CurrentUser = z.output<typeof currentUserSchema>;
export const ANONYMOUS: CurrentUser = { is_authenticated: false, is_staff: false, username: '' };
