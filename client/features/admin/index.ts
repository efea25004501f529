// The admin feature (product.md#screens-admin ("Admin panel")): the moderation panel at /adminpanel/. The app
// mounts AdminPanelPage on that route; everything else here is the panel's own.
export { AdminPanelPage } from './AdminPanelPage';
