// product.md#entities/product.md#states current user: unknown at first, then known after GET /api/accounts/me/. Any
// failure, non-JSON reply or error status means anonymous (not staff). The header waits for
// 'known' before showing the user menu, so it never flashes the wrong items.
import { create } from 'zustand';
import { apiFetch } from '../api/http';
import { ANONYMOUS, currentUserSchema, type CurrentUser } from '../../shared/contract/auth';
import { routes } from '../../shared/contract/routes';

export interface CurrentUserState {
  status: 'unknown' | 'known';
  user: CurrentUser;
}

export const useCurrentUser = create<CurrentUserState>(() => ({ status: 'unknown', user: ANONYMOUS }));

/** Reads the current user; never throws. Also sets the csrftoken cookie when missing. */
export async function loadCurrentUser(): Promise<CurrentUser> {
  let user: CurrentUser = ANONYMOUS;
  try {
    const res = await apiFetch(routes.auth.currentUser.path(), { cache: 'no-store' });
    if (res.ok && (res.headers.get('content-type') ?? '').includes('application/json')) {
      const parsed = currentUserSchema.safeParse(await res.json());
      if (parsed.success) user = parsed.data;
    }
  } catch {
    // offline or unreachable: anonymous until the next lookup
  }
  // signed out users are never staff, whatever the reply said
  if (!user.is_authenticated) user = ANONYMOUS;
  useCurrentUser.setState({ status: 'known', user });
  return user;
}
