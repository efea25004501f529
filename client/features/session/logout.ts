// product.md#calls: POST /accounts/logout/, form-encoded. Only an ok answer counts: anything else (a
// refusal, no network) leaves the person signed in and the header says 'Logout failed' (product.md#errors).
import { routes } from '../../../shared/contract/routes';
import { apiFetch } from '../../api/http';

export const LOGOUT_FAILED = 'Logout failed'; // product.md#errors
export const LOGIN_PATH = '/accounts/login/'; // product.md#screens: where visitors land after logout

/** Ends the session on the server; true when it answered ok. Never throws. */
export async function logOut(): Promise<boolean> {
  try {
    const res = await apiFetch(routes.auth.logout.path(), { form: {} });
    await res.body?.cancel().catch(() => undefined);
    return res.ok;
  } catch {
    return false; // offline or unreachable
  }
}

/** product.md#calls: after logout the browser goes to the login page with a full page load, so no
 *  signed-in state survives in memory. */
export function goToLogin(): void {
  window.location.assign(LOGIN_PATH);
}
