// Open data (issue 20) in a real Chromium against the real server with the demo registry: the API
// reference at /api/docs/ renders the description from our own origin (no request leaves it, the
// Content-Security-Policy holds), and /stats, reached from the header, shows the registry's figures
// from the replica, online and offline; both read at a phone's width and a desktop's.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { routes } from '../../shared/contract/routes';
import type { ReceiptIssued } from '../../shared/contract/receipt';
import { ApiClient } from './support/api';
import { DEMO_SERVER_ENV, DESKTOP, PHONE, expectNoSidewaysScroll, freshPage, screenshots, useBrowser } from './support/visits';

const rig = useBrowser({ env: DEMO_SERVER_ENV });
const shoot = screenshots('open-data-');

describe('the API reference', () => {
  it('when /api/docs/ is opened, then it shows the API, its calls and exports, with nothing loaded from elsewhere', async () => {
    const { page, context, errors } = await freshPage(rig.browser, DESKTOP);
    const elsewhere: string[] = [];
    const problems: string[] = [];
    page.on('request', (req) => { if (!req.url().startsWith(rig.server.url) && !req.url().startsWith('data:')) elsewhere.push(req.url()); });
    page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
    try {
      await page.goto(`${rig.server.url}${routes.openData.docs.path()}`);
      await page.getByRole('heading', { name: /Bustr registry API/ }).waitFor();
      await page.getByText('/api/export/registry.json', { exact: true }).first().waitFor();
      expect(await page.getByText('/feed.atom', { exact: true }).count()).toBeGreaterThan(0);
      await shoot(page, 'docs');
      // an operation opens with its answers, errors included
      await page.getByText('/api/removal-requests/{id}/process/', { exact: true }).first().click();
      await page.getByText('The item is no longer in a state this can be done in', { exact: false }).first().waitFor();
      expect(elsewhere).toEqual([]);
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The statistics as the page shows them: the profile total and the scam types ranked. */
async function shownFigures(page: Page) {
  const totals = page.locator('.stats__totals');
  await totals.waitFor({ timeout: 30_000 });
  const profiles = Number((await totals.locator('div').first().locator('dd').first().textContent())!.replace(/,/g, ''));
  const topType = await page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Scam type' }) }).locator('tbody th').first().textContent();
  return { profiles, topType };
}

describe('the statistics page', () => {
  it('when Statistics is chosen in the header, then /stats shows the replica\'s figures, and the same figures offline', async () => {
    const { page, context, errors } = await freshPage(rig.browser, PHONE);
    try {
      await page.goto(`${rig.server.url}/`);
      await page.waitForFunction(async () => {
        await navigator.serviceWorker.ready;
        return navigator.serviceWorker.controller !== null;
      });
      await page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
      await page.locator('header').getByRole('link', { name: 'Statistics' }).click();
      await page.waitForURL(/\/stats$/);
      await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
      const online = await shownFigures(page);
      // the demo registry: every verified profile the server lists
      const listed = await (await fetch(`${rig.server.url}${routes.profiles.list.developer.path({ query: { page_size: 1 } })}`)).json() as { count: number };
      const projects = await (await fetch(`${rig.server.url}${routes.profiles.list.project.path({ query: { page_size: 1 } })}`)).json() as { count: number };
      expect(online.profiles).toBe(listed.count + projects.count);
      expect(online.topType).toBeTruthy();
      await page.getByRole('img', { name: /Reported losses per month, in/ }).waitFor();
      await shoot(page, 'stats');
      await page.getByRole('img', { name: /Reported losses per month, in/ }).scrollIntoViewIfNeeded();
      await shoot(page, 'stats-chart');
      await page.getByText('Show the months as a table').click();
      expect(await page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: /Reported losses \(/ }) }).locator('tbody tr').count()).toBe(24);
      await expectNoSidewaysScroll(page);
      await page.locator('footer.shell-footer').scrollIntoViewIfNeeded();
      await shoot(page, 'stats-footer');

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
      expect(await shownFigures(page)).toEqual(online);
      await shoot(page, 'stats-offline');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the receipt page', () => {
  it('when a report\'s receipt link opens, then it shows its reference and In review', async () => {
    const reporter = await ApiClient.visitor(rig.server.url);
    const { receipt } = await reporter.post<{ id: number; receipt: ReceiptIssued }>(routes.profiles.create.developer.path(), { name: 'Receipt Person' });
    const { page, context, errors } = await freshPage(rig.browser, PHONE);
    try {
      await page.goto(`${rig.server.url}${receipt.page}`);
      await page.getByText('In review').waitFor();
      await page.getByText(receipt.reference).waitFor();
      expect(await page.getByText('Receipt Person').count()).toBe(0);
      await expectNoSidewaysScroll(page);
      await shoot(page, 'receipt');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
