// The app shell in a real Chromium against the real server: header, footer note, the 404
// page of product.md#screens, and no sideways scrolling at phone and desktop widths.
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, RESULTS, freshPage, hasSidewaysScroll, useBrowser } from './support/visits';

const VIEWPORTS = [
  { name: 'phone', ...PHONE },
  { name: 'desktop', ...DESKTOP },
];

const rig = useBrowser({ env: { SEED_DEMO: '0' } });

describe.each(VIEWPORTS)('the shell at $width x $height', (viewport) => {
  it('when / opens, then the header logo and the demonstration note show', async () => {
    const { context, page, errors } = await freshPage(rig.browser, viewport);

    await page.goto(`${rig.server.url}/`);
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
    await context.close();
  });

  it('when an unknown path opens, then Page Not Found offers Go Back and Home', async () => {
    const { context, page, errors } = await freshPage(rig.browser, viewport);

    await page.goto(`${rig.server.url}/no-such-page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();

    expect(await page.getByText('does not exist or has been moved').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Go Back' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(await hasSidewaysScroll(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.screenshot({ path: `${RESULTS}shell-404-${viewport.name}.png`, fullPage: true });
    await context.close();
  });
});

describe('the 404 page buttons', () => {
  it('when Go Back is pressed, then the previous page shows again', async () => {
    const { context, page } = await freshPage(rig.browser, VIEWPORTS[1]!);
    // not /adminpanel/: its guard sends a visitor home, replacing that history entry
    await page.goto(`${rig.server.url}/accounts/login/`);
    await page.goto(`${rig.server.url}/no-such-page`);

    await page.getByRole('button', { name: 'Go Back' }).click();

    await page.waitForURL(`${rig.server.url}/accounts/login/`);
    await context.close();
  });

  it('when Home is pressed, then / shows', async () => {
    const { context, page } = await freshPage(rig.browser, VIEWPORTS[1]!);
    await page.goto(`${rig.server.url}/no-such-page`);

    await page.getByRole('link', { name: 'Home' }).click();

    await page.waitForURL(`${rig.server.url}/`);
    await page.getByLabel('Search the registry').waitFor();
    await context.close();
  });
});
