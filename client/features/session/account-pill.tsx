// What the account menu's button shows (UserMenu's stand-in while the menu loads, and SignedInMenu's
// button): the initial, the name (or what is happening), the caret.
import type { CurrentUser } from '../../../shared/contract/auth';

export function AccountPillContent({ name, label = name }: { name: string; label?: string }) {
  return (
    <>
      <span className="user-menu-avatar" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className="user-menu-name">{label}</span>
      <span className="user-menu-caret" aria-hidden="true">▾</span>
    </>
  );
}

export function accountName(user: CurrentUser): string {
  return user.username || 'Account';
}
