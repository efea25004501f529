// Stands in for vite-plugin-pwa's `virtual:pwa-register` in client tests (vitest.config.ts):
// the plugin, and so the virtual module, exists only in the Vite build.
export function registerSW(): (reloadPage?: boolean) => Promise<void> {
  return async () => {};
}
