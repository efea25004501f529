// What every browser test file shares: Chromium (and, when asked, a server) started before its
// tests and stopped after them, the phone and desktop viewports, the staff account the demo
// server is started with, a fresh context per visit that records the app's uncaught errors, the
// sideways-scroll check and the screenshots at both widths into test-results/.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer, type ServerOptions } from './server';
import { routes } from '../../../shared/contract/routes';

export const RESULTS = fileURLToPath(new URL('../../../test-results/', import.meta.url));
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
export const STAFF = { username: 'e2e-staff', password: 'e2e staff password' };
/** the demo registry (about 300 profiles, a pending queue) with the staff account above */
export const DEMO_SERVER_ENV = { SEED_DEMO: '1', ADMIN_USERNAME: STAFF.username, ADMIN_PASSWORD: STAFF.password };

export interface BrowserTestRig {
  readonly browser: Browser;
  /** (only when the rig was asked for a server) */
  readonly server: RunningServer;
}

/**
 * Chromium for the file's tests, and a server started with `server` options when given (a file
 * that starts servers of its own passes none); both are stopped after the file's tests.
 */
export function useBrowser(server?: ServerOptions): BrowserTestRig {
  let browser: Browser | undefined;
  let running: RunningServer | undefined;
  beforeAll(async () => {
    mkdirSync(RESULTS, { recursive: true });
    if (server) running = await startServer(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });
  return {
    get browser() {
      if (!browser) throw new Error('Chromium is not started yet (use it inside a test)');
      return browser;
    },
    get server() {
      if (!running) throw new Error('No server: useBrowser() was not asked for one, or it is not started yet');
      return running;
    },
  };
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** the app's uncaught errors, for the test to expect none */
  errors: Error[];
}

/** A fresh context (its own cookies, IndexedDB, service worker and caches) with one page. */
export async function freshPage(browser: Browser, viewport = PHONE): Promise<Visit> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { context, page, errors };
}

export function hasSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** No sideways scrolling at 390 px, for the page and for an open dialog, then back to the width the test uses. */
export async function expectNoSidewaysScroll(page: Page, dialog?: Locator): Promise<void> {
  const before = page.viewportSize() ?? PHONE;
  await page.setViewportSize(PHONE);
  expect(await hasSidewaysScroll(page)).toBe(false);
  if (dialog) {
    const overflow = await dialog.evaluate((el) => {
      const box = el.getBoundingClientRect();
      // the dialog, and anything in it that scrolls, must not scroll sideways
      const wide = [el, ...el.querySelectorAll('*')].filter((node) => {
        const { overflowX } = getComputedStyle(node);
        return (node === el || overflowX === 'auto' || overflowX === 'scroll') && node.scrollWidth > node.clientWidth + 1;
      });
      return { left: box.left, right: box.right, wide: wide.map((node) => node.className) };
    });
    expect(overflow.left).toBeGreaterThanOrEqual(0);
    expect(overflow.right).toBeLessThanOrEqual(PHONE.width);
    expect(overflow.wide).toEqual([]);
  }
  await page.setViewportSize(before);
}

/**
 * Signs the page's context in as STAFF through the real login call, with its own csrftoken cookie
 * (the page must be on the app's origin).
 */
export async function signInStaff(page: Page): Promise<void> {
  await page.evaluate(async ({ username, password, me, login }) => {
    await fetch(me, { cache: 'no-store' });
    const token = document.cookie.split('; ').find((c) => c.startsWith('csrftoken='))?.slice('csrftoken='.length) ?? '';
    const res = await fetch(login, {
      method: 'POST',
      headers: { 'X-CSRFToken': decodeURIComponent(token), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password, next: '/' }).toString(),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  }, { ...STAFF, me: routes.auth.currentUser.path(), login: routes.auth.login.path() });
}

/**
 * Types the text into the search box, presses Enter, and waits until the list shown answers it
 * (not the list before it, which stays shown meanwhile).
 */
export async function searchFor(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('Search the registry');
  await box.fill(text);
  await box.press('Enter');
  await page.waitForFunction((query) => {
    const results = document.querySelector('.registry__results');
    return results?.getAttribute('data-query') === query && results.getAttribute('aria-busy') === 'false';
  }, text);
}

/**
 * Whether screenshots() takes its pictures: not when BUSTR_E2E_SCREENSHOTS is 'off', as .ci/run
 * sets it. They are for people at a screen, and the width changes they make twice stalled
 * Chromium's frames for tens of seconds under CI's full load, failing a test whose checks passed.
 */
const SCREENSHOTS = process.env.BUSTR_E2E_SCREENSHOTS !== 'off';

/** screenshots(prefix)(page, name): test-results/{prefix}{name}-390.png and -1280.png, then back to the width the test uses. */
export function screenshots(prefix: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    if (!SCREENSHOTS) return;
    const before = page.viewportSize() ?? PHONE;
    for (const [label, size] of [['390', PHONE], ['1280', DESKTOP]] as const) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150); // let layout and Radix positioning settle
      await screenshot(page, `${RESULTS}${prefix}${name}-${label}.png`);
    }
    await page.setViewportSize(before);
  };
}

/**
 * A screenshot for people to look at, not an assertion: under a full CI load Chromium once kept
 * one waiting 30 s for a frame (the test's checks had all passed). Tried twice, 15 s each; then
 * the test goes on without it, and says so.
 */
async function screenshot(page: Page, path: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.screenshot({ path, timeout: 15_000 });
      return;
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') throw error;
      if (attempt === 2) {
        console.warn(`[e2e] no screenshot ${path}: Chromium did not give a frame in time twice`);
        return;
      }
    }
  }
}
