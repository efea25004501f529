// The staff login screen (spec §2 "Login screen").
export { LoginPage } from './LoginPage';
export type { LoginPageProps } from './LoginPage';
