// The account corner's menu for anyone signed in (product.md#screens-header ("Header"), product.md#roles): Log out and, for staff
// only, Admin Panel. Radix DropdownMenu gives it its keyboard use (arrows, Enter, Escape, focus
// return); it is loaded only once someone is signed in (UserMenu), so visitors, nearly everyone,
// do not download the menu and its positioning code with the app.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../shared/contract/auth';
import { AccountPillContent, accountName } from './account-pill';
import { LOGOUT_FAILED, logOut } from './logout';

export interface SignedInMenuProps {
  user: CurrentUser;
  onLoggedOut(): void;
}

export function SignedInMenu({ user, onLoggedOut }: SignedInMenuProps) {
  const [failed, setFailed] = useState(false);
  const [leaving, setLeaving] = useState(false);

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

  const name = accountName(user);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="header-pill user-menu-button" disabled={leaving}>
          <AccountPillContent name={name} label={leaving ? 'Logging out…' : name} />
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
    </>
  );
}
