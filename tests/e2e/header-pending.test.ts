// The header on a phone while a report waits to be sent, in a real Chromium against the real
// server: "1 pending" must not push the account corner ("Staff sign in") onto a row of its own,
// every header control keeps its text on one line and a 44 px tap target, and nothing scrolls
// sideways (issue 17's header, with issue 20's two icon links beside it).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, RESULTS, freshPage, useBrowser } from './support/visits';

const rig = useBrowser({ env: { SEED_DEMO: '0' } });

interface Control {
  what: string;
  left: number;
  right: number;
  top: number;
  height: number;
  /** lines its visible text takes */
  lines: number;
}

interface HeaderLayout {
  brand: { top: number; height: number };
  signIn: { top: number; height: number };
  controls: Control[];
  scrollWidth: number;
  innerWidth: number;
}

/** The header's links and buttons as laid out now, with how many lines each one's text takes. */
function headerLayout(page: Page): Promise<HeaderLayout> {
  return page.evaluate(() => {
    const header = document.querySelector('header.shell-header');
    if (!header) throw new Error('no header');
    const controls: Control[] = [];
    for (const el of Array.from(header.querySelectorAll('a[href], button'))) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const tops = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        // a screen-reader-only text is a 1 px box: not a line anyone sees
        for (const rect of Array.from(range.getClientRects())) if (rect.width > 1 && rect.height > 1) tops.add(Math.round(rect.top));
      }
      const what = `${el.tagName.toLowerCase()}.${String(el.className)} "${(el as HTMLElement).innerText.trim()}"`;
      controls.push({ what, left: box.left, right: box.right, top: box.top, height: box.height, lines: tops.size });
    }
    const edge = (selector: string) => {
      const b = header.querySelector(selector)?.getBoundingClientRect();
      if (!b) throw new Error(`no ${selector} in the header`);
      return { top: Math.round(b.top), height: Math.round(b.height) };
    };
    return {
      brand: edge('.brand'),
      signIn: edge('.staff-sign-in'),
      controls,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    };
  });
}

/** Every control fits the width on one line of text, at least 44 px high, and the page does not scroll sideways. */
function expectTidy(layout: HeaderLayout) {
  expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
  for (const control of layout.controls) {
    expect(control.lines, control.what).toBeLessThanOrEqual(1);
    expect(control.height, control.what).toBeGreaterThanOrEqual(44);
    expect(control.left, control.what).toBeGreaterThanOrEqual(0);
    expect(control.right, control.what).toBeLessThanOrEqual(layout.innerWidth);
  }
}

/** Reports a person with the network off, so the report waits in the outbox. */
async function queueReport(page: Page) {
  await page.getByRole('button', { name: 'Report Person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a person' });
  await dialog.getByLabel('Full name').fill(`Header Check ${Date.now()}`);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Add a scam' }).click();
  const scam = page.getByRole('dialog', { name: 'Add Scam' });
  await scam.getByLabel('Description').fill('Took a deposit for a token that never launched');
  await scam.getByLabel('Lost amount').fill('900');
  await scam.getByRole('button', { name: 'Save scam' }).click();
  await scam.waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the header with a report waiting to be sent', () => {
  it('when "1 pending" shows at 390 px, then "Staff sign in" stays on the brand\'s row, one line high, and nothing overflows', async () => {
    const { context, page, errors } = await freshPage(rig.browser, PHONE);
    await page.goto(`${rig.server.url}/`);
    // the wizard's chunks come from the service worker's cache once the network is off
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    await page.locator('.staff-sign-in').waitFor();
    const idle = await headerLayout(page);
    expectTidy(idle);

    await context.setOffline(true);
    await queueReport(page);
    await page.locator('header').getByRole('button', { name: '1 pending' }).waitFor();
    await page.screenshot({ path: `${RESULTS}header-pending-390.png` });
    const pending = await headerLayout(page);

    expect(pending.signIn).toEqual(idle.signIn);
    expect(pending.signIn.top + pending.signIn.height / 2).toBeCloseTo(pending.brand.top + pending.brand.height / 2, 0);
    expectTidy(pending);

    // on a wide screen everything shares one row
    await page.setViewportSize(DESKTOP);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${RESULTS}header-pending-1280.png` });
    const wide = await headerLayout(page);
    expectTidy(wide);
    for (const control of wide.controls) expect(Math.round(control.top), control.what).toBe(wide.signIn.top);

    expect(errors).toEqual([]);
    await context.close();
  });
});
