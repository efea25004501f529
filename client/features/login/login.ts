// The sign-in call of product.md#calls: POST /api/login/, form-encoded username, password and next, with
// the anti-forgery header (apiFetch adds it from the csrftoken cookie) and redirects not
// followed. Successful only if the answer is HTTP ok and says success true; otherwise the
// server's error text, or product.md#errors fallbacks.
import { CSRF_COOKIE, DEFAULT_NEXT_PATH } from '../../../shared/constants';
import { LOGIN_MESSAGES, safeNextPath, type LoginForm } from '../../../shared/contract/auth';
import { routes } from '../../../shared/contract/routes';
import { refreshCsrf } from '../../api/csrf';
import { apiFetch, readCookie } from '../../api/http';

/**
 * product.md#screens, product.md#constants: next defaults to '/'; only same-site paths are followed (safeNextPath). The login
 * page itself is no destination either: the header's Staff sign in link, pressed on this page,
 * would otherwise bring the person back here after signing in.
 */
export function nextPath(raw: string | null): string {
  const next = safeNextPath(raw ?? undefined);
  return /^\/accounts\/login\/?(?:[?#]|$)/.test(next) ? DEFAULT_NEXT_PATH : next;
}

export type LoginOutcome = { success: true } | { success: false; error: string };

/** What an answer of POST /api/login/ means (product.md#calls, product.md#errors). Pure, so every case is testable. */
export function interpretLoginAnswer(ok: boolean, body: unknown): LoginOutcome {
  const answer = body !== null && typeof body === 'object' ? (body as { success?: unknown; error?: unknown }) : {};
  if (ok && answer.success === true) return { success: true };
  const error = typeof answer.error === 'string' && answer.error.trim() !== '' ? answer.error : LOGIN_MESSAGES.fallback;
  return { success: false, error };
}

/** Sends a validated login form; never throws (product.md#errors: a failed request or unreadable answer
 *  is 'An error occurred during login.'). */
export async function submitLogin(form: LoginForm): Promise<LoginOutcome> {
  try {
    // the server refuses a write without the csrftoken cookie; a first visit straight to this
    // page may not have it yet (the shell's current-user lookup sets it, but may still be on its way)
    if (!readCookie(CSRF_COOKIE)) await refreshCsrf();
    const res = await apiFetch(routes.auth.login.path(), {
      form: { username: form.username, password: form.password, next: form.next },
      redirect: 'manual',
    });
    // a redirect (opaque in a browser) or an HTML page has no JSON: json() throws, caught below
    const body: unknown = await res.json();
    return interpretLoginAnswer(res.ok, body);
  } catch {
    return { success: false, error: LOGIN_MESSAGES.requestFailed };
  }
}

/** product.md#screens: after success the browser goes to next with a full page load, so the whole app
 *  starts again as the signed-in user (fresh csrftoken, current user, staff menu). */
export function goTo(path: string): void {
  window.location.assign(path);
}
