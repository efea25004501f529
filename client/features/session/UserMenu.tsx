// The header's account corner (product.md#screens-header ("Header"), product.md#roles): nothing while the current user is still
// unknown (its room is kept, so nothing jumps or flashes), a user menu for anyone signed in
// with Log out and, for staff only, Admin Panel (SignedInMenu, loaded once someone is signed in:
// its button shows meanwhile, inert); visitors get a quiet staff sign-in link.
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../state/current-user';
import { goToLogin, LOGIN_PATH } from './logout';
import { AccountPillContent, accountName } from './account-pill';
import './session.css';

const SignedInMenu = lazy(() => import('./SignedInMenu').then((m) => ({ default: m.SignedInMenu })));

export interface UserMenuProps {
  /** what happens after a successful logout; the default is a full page load of the login page */
  onLoggedOut?: () => void;
}

export function UserMenu({ onLoggedOut = goToLogin }: UserMenuProps) {
  const status = useCurrentUser((s) => s.status);
  const user = useCurrentUser((s) => s.user);
  const location = useLocation();

  // product.md#states: unknown until the lookup answers; the slot keeps its place empty meanwhile
  if (status === 'unknown') return <div className="user-menu-slot" aria-hidden="true" />;

  if (!user.is_authenticated) {
    // on the login page itself the link would lead nowhere new
    if (location.pathname.replace(/\/?$/, '/') === LOGIN_PATH) return <div className="user-menu-slot" />;
    // product.md#screens: the login page takes next, here the page the visitor is on
    const next = `${location.pathname}${location.search}`;
    return (
      <div className="user-menu-slot">
        <Link className="staff-sign-in" to={`${LOGIN_PATH}?next=${encodeURIComponent(next)}`}>
          Staff sign in
        </Link>
      </div>
    );
  }

  return (
    <div className="user-menu-slot">
      <Suspense fallback={<span className="header-pill user-menu-button" aria-hidden="true"><AccountPillContent name={accountName(user)} /></span>}>
        <SignedInMenu user={user} onLoggedOut={onLoggedOut} />
      </Suspense>
    </div>
  );
}
