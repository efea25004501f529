// The signed-in corner of the header: user menu, Log out, Admin Panel (spec §2 "Header").
export { UserMenu } from './UserMenu';
export type { UserMenuProps } from './UserMenu';
