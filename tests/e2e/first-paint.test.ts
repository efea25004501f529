// Issue 17, a first paint that does not jump, in a real Chromium against the real server with the
// demo registry: the shell of index.html painted before the script in the places the app then
// draws it, no layout shift while the registry loads, the search box first under the heading on
// a phone, every tap target at least 44 px at 390 px (home page, profile modal, report wizard),
// and a skip link past the header to the results.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { smallTapTargets } from './support/tap-targets';
import { DEMO_SERVER_ENV, DESKTOP, PHONE, RESULTS, freshPage, useBrowser } from './support/visits';

const rig = useBrowser({ env: DEMO_SERVER_ENV });

/** Sums the page's 'layout-shift' entries (not those right after input), from its very start. */
const RECORD_SHIFTS = `
  window.__shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not laid out`);
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
}

describe.each([{ name: 'phone', ...PHONE }, { name: 'desktop', ...DESKTOP }])('the first paint at $width px', (viewport) => {
  it('when the script has not run yet, then the header, heading and search box are where the app draws them', async () => {
    const parts = ['header.shell-header', 'a.brand', 'h1', 'label[for="registry-search"]', '#registry-search'];
    // before any script: the shell index.html holds
    const before = await freshPage(rig.browser, viewport);
    await before.page.route('**/*.js', (route) => route.abort());
    await before.page.goto(`${rig.server.url}/`);
    await before.page.locator('#registry-search').waitFor();
    await before.page.screenshot({ path: `${RESULTS}first-paint-shell-${viewport.name}.png` });
    const shell = await Promise.all(parts.map((p) => box(before.page, p)));
    await before.context.close();

    // the app, once the registry is shown
    const after = await freshPage(rig.browser, viewport);
    await after.page.goto(`${rig.server.url}/`);
    await after.page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
    const app = await Promise.all(parts.map((p) => box(after.page, p)));
    expect(after.errors).toEqual([]);
    await after.context.close();

    expect(app).toEqual(shell);
  });

  it('when the registry loads on a first visit, then nothing on the page shifts (CLS ≤ 0.05)', async () => {
    const { context, page, errors } = await freshPage(rig.browser, viewport);
    await page.addInitScript(RECORD_SHIFTS);
    await page.goto(`${rig.server.url}/`);
    await page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
    await page.getByText(/^Updated /).waitFor(); // the first download is over
    await page.waitForTimeout(500);

    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    expect(shift).toBeLessThanOrEqual(0.05);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('on a phone (390 px)', () => {
  it('when the registry opens, then the search box is the first thing under the heading', async () => {
    const { context, page } = await freshPage(rig.browser, PHONE);
    await page.goto(`${rig.server.url}/`);
    await page.locator('.profile-card').first().waitFor({ timeout: 30_000 });

    const heading = await box(page, 'h1');
    const search = await box(page, 'form[role="search"]');
    const others = await Promise.all(['.registry__kinds', '.registry__report', '.registry__demo-note', '.filter-bar'].map((s) => box(page, s)));
    expect(search.y).toBeGreaterThanOrEqual(heading.y + heading.height);
    expect(search.y - (heading.y + heading.height)).toBeLessThan(40);
    for (const other of others) expect(other.y).toBeGreaterThan(search.y + search.height);
    await context.close();
  });

  it('when the home page, a filter chip, the profile modal and each wizard step show, then every tap target is at least 44 px', async () => {
    const { context, page, errors } = await freshPage(rig.browser, PHONE);
    await page.goto(`${rig.server.url}/`);
    await page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
    // a chosen filter: its chip with its ×, and the pagination of the narrowed list
    await page.getByRole('button', { name: 'Industry', exact: true }).click();
    await page.getByRole('group', { name: 'Industry' }).getByRole('checkbox').first().check();
    const chip = page.getByRole('list', { name: 'Active filters' }).getByRole('button', { name: /^Remove Industry: / });
    await chip.waitFor();
    expect(await smallTapTargets(page), 'home page').toEqual([]);
    await page.keyboard.press('Escape');
    await chip.click();
    await chip.waitFor({ state: 'detached' });

    await page.locator('.profile-card').first().getByRole('button', { name: 'View Profile' }).click();
    const profile = page.getByRole('dialog').first();
    await profile.waitFor();
    await profile.getByText(/Loading incidents…/).waitFor({ state: 'detached' });
    expect(await smallTapTargets(page), 'profile modal').toEqual([]);
    await page.keyboard.press('Escape');
    await profile.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /^Report (Person|Project)$/ }).click();
    const wizard = page.getByRole('dialog', { name: /^Report a (person|project)$/ });
    await wizard.waitFor();
    expect(await smallTapTargets(page), 'wizard step 1').toEqual([]);
    await wizard.getByLabel('Full name').fill('Tap Target Check');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Step 2 of 3').waitFor();
    expect(await smallTapTargets(page), 'wizard step 2').toEqual([]);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Step 3 of 3').waitFor();
    expect(await smallTapTargets(page), 'wizard step 3').toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the skip link', () => {
  it('when Tab is pressed first, then "Skip to results" shows, and Enter takes focus past the header to the results', async () => {
    const { context, page, errors } = await freshPage(rig.browser, PHONE);
    await page.goto(`${rig.server.url}/`);
    await page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
    const link = page.getByRole('link', { name: 'Skip to results' });
    // hidden until focused
    expect((await link.boundingBox())!.y + (await link.boundingBox())!.height).toBeLessThanOrEqual(0);

    await page.keyboard.press('Tab');
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.waitForTimeout(100);
    const shown = (await link.boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: `${RESULTS}first-paint-skip-link-390.png` });

    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('results');
    // the next Tab goes on from the results: the first card's button, not the header's links
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.registry__results') !== null)).toBe(true);
    expect(page.url()).toBe(`${rig.server.url}/`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
