// The static shell of index.html on each route, in a real Chromium against the real server: the
// registry's heading and search box paint first on / only; on any other route the shell is the
// header alone, so opening /sent or /stats does not paint the registry and then jump to the real
// page (docs/decisions/026-a-first-paint-that-does-not-jump.md). What the shell shows before the
// app runs is seen by holding back the app's scripts (/assets/), not by turning JavaScript off:
// the inline script under the shell's header, which tells the routes apart, is itself a script.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, RESULTS, freshPage, useBrowser } from './support/visits';

const rig = useBrowser({ env: { SEED_DEMO: '0' } });
const REGISTRY_HEADING = 'Reported crypto scammers and scam projects';

/** Opens path with the app's own scripts refused: the page stays the static shell. */
async function openShell(page: Page, path: string) {
  await page.route('**/assets/**/*.js', (route) => route.abort());
  await page.goto(`${rig.server.url}${path}`);
  await page.locator('header.shell-header a.brand').waitFor();
}

async function registryShown(page: Page) {
  return {
    heading: await page.getByRole('heading', { name: REGISTRY_HEADING }).isVisible(),
    search: await page.getByLabel('Search the registry').isVisible(),
  };
}

describe.each([{ name: 'phone', ...PHONE }, { name: 'desktop', ...DESKTOP }])('the static shell at $width px', (viewport) => {
  it.each(['/sent', '/stats', '/accounts/login/', '/receipts/no-such-token'])('when %s opens, then it shows the header alone, not the registry', async (path) => {
    const { context, page } = await freshPage(rig.browser, viewport);
    await openShell(page, path);
    if (path === '/sent') await page.screenshot({ path: `${RESULTS}shell-route-sent-${viewport.name}.png` });

    expect(await registryShown(page)).toEqual({ heading: false, search: false });
    expect(await page.locator('header.shell-header').isVisible()).toBe(true);
    await context.close();
  });

  it.each(['/', '/?q=wallet'])('when %s opens, then the registry\'s heading and search box are in the shell', async (path) => {
    const { context, page } = await freshPage(rig.browser, viewport);
    await openShell(page, path);
    if (path === '/') await page.screenshot({ path: `${RESULTS}shell-route-home-${viewport.name}.png` });

    expect(await registryShown(page)).toEqual({ heading: true, search: true });
    await context.close();
  });
});

describe('once the app runs', () => {
  it('when /sent was opened first and the logo is pressed, then the registry shows in full', async () => {
    const { context, page, errors } = await freshPage(rig.browser, PHONE);
    await page.goto(`${rig.server.url}/sent`);
    await page.getByRole('heading', { name: 'What I sent' }).waitFor();

    // the shell's mark on <html> stays for the page's life: it must hide nothing of the app's
    await page.locator('header a.brand').click();
    await page.getByRole('heading', { name: REGISTRY_HEADING }).waitFor();
    expect(await registryShown(page)).toEqual({ heading: true, search: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
