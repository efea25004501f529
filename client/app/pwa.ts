// The service worker of vite-plugin-pwa (vite.config.ts), registered in production builds only.
// registerType 'prompt': a new version installs in the background and waits; the update toast
// (features/status/UpdateToast) offers Reload, which calls applyUpdate(). The browser looks for a
// new sw.js only on navigations and registration.update(), and an installed app may stay open
// for days, so we also ask every 30 minutes and whenever the app comes back into view.
import { setStatus } from '../state/status';

const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

let updateServiceWorker: ((reloadPage?: boolean) => Promise<void>) | null = null;
let registration: ServiceWorkerRegistration | null = null;
let reloading = false;

function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // imported here, not at the top: the virtual module exists only where the PWA plugin runs
  // (client tests alias it to client/test-pwa-register.ts)
  const { registerSW } = await import('virtual:pwa-register');
  updateServiceWorker = registerSW({
    onNeedRefresh: () => setStatus({ updateAvailable: true }),
    onNeedReload: reloadOnce,
    onRegisteredSW: (_url, registered) => {
      if (!registered) return;
      registration = registered;
      watchForUpdates(registered);
    },
    onRegisterError: (error: unknown) => console.warn('The service worker could not be registered:', error),
  });
}

/** Activates the waiting worker; the page reloads once it has taken over. */
export async function applyUpdate(): Promise<void> {
  if (!updateServiceWorker || !registration?.waiting) {
    reloadOnce(); // nothing waits any more (another tab took the update): just load the new version
    return;
  }
  // workbox-window reloads on its 'controlling' event only when this page already had a worker
  // when it registered (event.isUpdate). In the tab whose first visit installed the app that is
  // false, so the new version would take over without the page reloading: listen ourselves.
  navigator.serviceWorker.addEventListener('controllerchange', reloadOnce);
  await updateServiceWorker(true);
}

function watchForUpdates(registered: ServiceWorkerRegistration) {
  const check = () => {
    // offline the check can only fail; an install already under way will report by itself
    if (!navigator.onLine || registered.installing) return;
    registered.update().catch(() => {
      // a bad network: the next check tries again
    });
  };
  setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
