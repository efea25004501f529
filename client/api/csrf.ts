// The anti-forgery token (docs/design.md "Auth"): the server sets the csrftoken cookie on any answer,
// and a sign-in rotates it. Apart from http.ts, so the transport knows no route: the search
// worker uses http.ts without the route table (shared/contract/routes.ts) and its schemas.
import { routes } from '../../shared/contract/routes';
import { apiFetch } from './http';

/** Makes sure the csrftoken cookie exists and is current (sign-in rotates it). */
export async function refreshCsrf(): Promise<void> {
  const res = await apiFetch(routes.auth.currentUser.path(), { cache: 'no-store' });
  await res.body?.cancel().catch(() => undefined);
}
