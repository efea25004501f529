// The staff login screen (product.md#screens-login ("Login screen")).
export { LoginPage } from './LoginPage';
export type { LoginPageProps } from './LoginPage';
