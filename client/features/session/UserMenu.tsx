// The header's account corner (spec §2 "Header", §6): nothing while the current user is still
// unknown (its room is kept, so nothing jumps or flashes), a user menu for anyone signed in
// with Log out and, for staff only, Admin Panel; visitors get a quiet staff sign-in link.
// Radix DropdownMenu gives the menu its keyboard use (arrows, Enter, Escape, focus return).
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../state/current-user';
import { goToLogin, LOGIN_PATH, LOGOUT_FAILED, logOut } from './logout';
import './session.css';

export interface UserMenuProps {
  /** what happens after a successful logout; the default is a full page load of the login page */
  onLoggedOut?: () => void;
}

export function UserMenu({ onLoggedOut = goToLogin }: UserMenuProps) {
  const status = useCurrentUser((s) => s.status);
  const user = useCurrentUser((s) => s.user);
  const location = useLocation();
  const [failed, setFailed] = useState(false);
  const [leaving, setLeaving] = useState(false);

  // spec §4: unknown until the lookup answers; the slot keeps its place empty meanwhile
  if (status === 'unknown') return <div className="user-menu-slot" aria-hidden="true" />;

  if (!user.is_authenticated) {
    // on the login page itself the link would lead nowhere new
    if (location.pathname.replace(/\/?$/, '/') === LOGIN_PATH) return <div className="user-menu-slot" />;
    // spec §2: the login page takes next, here the page the visitor is on
    const next = `${location.pathname}${location.search}`;
    return (
      <div className="user-menu-slot">
        <Link className="staff-sign-in" to={`${LOGIN_PATH}?next=${encodeURIComponent(next)}`}>
          Staff sign in
        </Link>
      </div>
    );
  }

  async function logOutNow() {
    setFailed(false);
    setLeaving(true);
    if (await logOut()) {
      onLoggedOut();
      return; // the page is being replaced; keep "Logging out…" until it is
    }
    setLeaving(false);
    setFailed(true);
  }

  const name = user.username || 'Account';
  return (
    <div className="user-menu-slot">
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="header-pill user-menu-button" disabled={leaving}>
          <span className="user-menu-avatar" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
          <span className="user-menu-name">{leaving ? 'Logging out…' : name}</span>
          <span className="user-menu-caret" aria-hidden="true">▾</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={6} collisionPadding={8}>
            <DropdownMenu.Label className="menu-label">
              Signed in as <strong>{name}</strong>
              {user.is_staff ? <span className="menu-role">Staff</span> : null}
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="menu-separator" />
            {user.is_staff ? (
              <DropdownMenu.Item className="menu-item" asChild>
                <Link to="/adminpanel">Admin Panel</Link>
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item className="menu-item" onSelect={() => void logOutNow()}>
              Log out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {failed ? (
        <p role="alert" className="user-menu-alert">
          <span>{LOGOUT_FAILED}</span>
          <button type="button" className="user-menu-alert-close" aria-label="Dismiss" onClick={() => setFailed(false)}>
            ×
          </button>
        </p>
      ) : null}
    </div>
  );
}
