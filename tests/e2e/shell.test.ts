// The app shell in a real Chromium against the real server: header, footer note, the 404
// page of spec §2, and no sideways scrolling at phone and desktop widths.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const RESULTS = fileURLToPath(new URL('../../test-results/', import.meta.url));
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  server = await startServer({ env: { SEED_DEMO: '0' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh page that fails the test on any uncaught error in the app. */
async function openPage(viewport: { width: number; height: number }): Promise<{ page: Page; errors: Error[] }> {
  const page = await browser.newPage({ viewport });
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { page, errors };
}

function hasSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

describe.each(VIEWPORTS)('the shell at $width x $height', (viewport) => {
  it('when / opens, then the header logo and the demonstration note show', async () => {
    const { page, errors } = await openPage(viewport);

    await page.goto(`${server.url}/`);
    const logo = page.locator('header a[href="/"] img[src="/static/logo.svg"]');
    await logo.waitFor();
    await page.getByText('For demonstration only — not real cases.').waitFor();

    expect(await page.title()).toBe('Bustr registry');
    const logoWidth = await logo.evaluate(async (img: HTMLImageElement) => {
      await img.decode(); // React may add the <img> after the load event; decode() waits, or rejects if broken
      return img.naturalWidth;
    });
    expect(logoWidth).toBeGreaterThan(0);
    expect(await hasSidewaysScroll(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.screenshot({ path: `${RESULTS}shell-home-${viewport.name}.png`, fullPage: true });
    await page.close();
  });

  it('when an unknown path opens, then Page Not Found offers Go Back and Home', async () => {
    const { page, errors } = await openPage(viewport);

    await page.goto(`${server.url}/no-such-page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();

    expect(await page.getByText('does not exist or has been moved').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Go Back' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(await hasSidewaysScroll(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.screenshot({ path: `${RESULTS}shell-404-${viewport.name}.png`, fullPage: true });
    await page.close();
  });
});

describe('the 404 page buttons', () => {
  it('when Go Back is pressed, then the previous page shows again', async () => {
    const { page } = await openPage(VIEWPORTS[1]!);
    // not /adminpanel/: its guard sends a visitor home, replacing that history entry
    await page.goto(`${server.url}/accounts/login/`);
    await page.goto(`${server.url}/no-such-page`);

    await page.getByRole('button', { name: 'Go Back' }).click();

    await page.waitForURL(`${server.url}/accounts/login/`);
    await page.close();
  });

  it('when Home is pressed, then / shows', async () => {
    const { page } = await openPage(VIEWPORTS[1]!);
    await page.goto(`${server.url}/no-such-page`);

    await page.getByRole('link', { name: 'Home' }).click();

    await page.waitForURL(`${server.url}/`);
    await page.getByLabel('Search the registry').waitFor();
    await page.close();
  });
});
