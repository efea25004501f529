// The signed-in corner of the header: user menu, Log out, Admin Panel (product.md#screens-header ("Header")).
export { UserMenu } from './UserMenu';
export type { UserMenuProps } from './UserMenu';
