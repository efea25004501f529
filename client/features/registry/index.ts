export { RegistryPage } from './RegistryPage';
export type { RegistryPageProps } from './RegistryPage';
