// "What I sent" (issue 20; docs/decisions/027) in a real Chromium against the real demo server: a
// report sent online is listed with its reference and In review, and Published once staff verify
// it; one made offline is listed as waiting to send, then in review once the outbox sent it. And
// the demo's Atom feed has entries from the start (server/demo/seeding.ts).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/contract/profile';
import { routes } from '../../shared/contract/routes';
import { ApiClient } from './support/api';
import { startServer, type RunningServer } from './support/server';
import { smallTapTargets } from './support/tap-targets';
import { DEMO_SERVER_ENV, DESKTOP, PHONE, STAFF, freshPage, screenshots, useBrowser, expectNoSidewaysScroll } from './support/visits';

const rig = useBrowser();
const shoot = screenshots('what-i-sent-');

/** The first visit: the shell is precached and controlled by the worker, and the registry shows. */
async function firstVisit(page: Page, url: string) {
  await page.goto(`${url}/`);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
}

/** The report wizard with a name and one scam, submitted; the wizard's dialog. */
async function reportPerson(page: Page, name: string) {
  await page.getByRole('button', { name: 'Report Person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a person' });
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Add a scam' }).click();
  const scam = page.getByRole('dialog', { name: 'Add Scam' });
  await scam.getByLabel('Description').fill('Promised returns on a staking pool that never paid out');
  await scam.getByLabel('Lost amount').fill('1800');
  await scam.getByRole('button', { name: 'Save scam' }).click();
  await scam.waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  return dialog;
}

const row = (page: Page, label: string) => page.locator('.sent__item', { has: page.getByText(label, { exact: true }) });

describe('What I sent', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ env: DEMO_SERVER_ENV });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('when a report is sent online, then What I sent lists it with its reference and In review, and Published after staff verify it', async () => {
    const { context, page, errors } = await freshPage(rig.browser, DESKTOP);
    await firstVisit(page, server.url);
    const name = `Receipt Reporter ${Date.now()}`;

    const dialog = await reportPerson(page, name);
    await dialog.getByText('Submitted', { exact: true }).waitFor();
    await dialog.getByRole('link', { name: 'What I sent' }).click();

    await page.getByRole('heading', { name: 'What I sent' }).waitFor();
    const report = row(page, `Report: ${name}`);
    await report.getByText('In review', { exact: true }).waitFor();
    const reference = (await report.locator('dt:text-is("Reference") + dd').textContent()) ?? '';
    expect(reference).toMatch(/^REPORT-\d{4,}$/);
    await row(page, `Incident for ${name}`).getByText(/^INCIDENT-\d{4,}$/).waitFor();
    await shoot(page, 'in-review');
    await expectNoSidewaysScroll(page);
    await page.setViewportSize(PHONE);
    expect(await smallTapTargets(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    const staff = await ApiClient.signedIn(server.url, STAFF.username, STAFF.password);
    const waiting = await staff.get<{ results: Profile[] }>(routes.profiles.list.developer.path({ query: { is_verified: 'false', page_size: 9999 } }));
    const profile = waiting.results.find((p) => p.name === name)!;
    expect(`REPORT-${String(profile.id).padStart(4, '0')}`).toBe(reference);
    await staff.post(routes.profiles.verify.developer.path({ id: profile.id }));

    await page.reload();
    await row(page, `Report: ${name}`).getByText('Published', { exact: true }).waitFor();
    await expect.poll(() => row(page, `Incident for ${name}`).getByText('In review', { exact: true }).count()).toBe(1);
    await shoot(page, 'published');

    // its receipt page says the same
    await row(page, `Report: ${name}`).getByRole('link', { name: `Receipt for ${reference}` }).click();
    await page.getByRole('heading', { name: 'Receipt' }).waitFor();
    await page.getByText('Published', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when a report is made offline, then it is listed as waiting to send, and in review once the device is back online and sent it', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await firstVisit(page, server.url);
    const name = `Offline Receipt ${Date.now()}`;

    await context.setOffline(true);
    const dialog = await reportPerson(page, name);
    await dialog.getByText('Saved. It will be sent when you are back online.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.locator('header').getByRole('link', { name: 'What I sent' }).click();

    const waiting = page.locator('.sent__item', { hasText: name });
    await waiting.getByText('Waiting to send', { exact: true }).waitFor();
    await waiting.getByText(/Waiting for the network/).waitFor();
    await shoot(page, 'waiting');

    await context.setOffline(false);
    await row(page, `Report: ${name}`).getByText('In review', { exact: true }).waitFor({ timeout: 30_000 });
    await row(page, `Incident for ${name}`).getByText('In review', { exact: true }).waitFor();
    expect(await page.getByText('Waiting to send', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when nothing was sent, then the page says what will appear there', async () => {
    const { context, page } = await freshPage(rig.browser);
    await page.goto(`${server.url}/sent`);
    await page.getByText(/^Nothing has been sent from this device yet\./).waitFor();
    await shoot(page, 'empty');
    await context.close();
  });

  it('when the demo is freshly seeded, then its Atom feed has entries', async () => {
    const res = await fetch(`${server.url}${routes.openData.feed.path()}`);
    const xml = await res.text();
    expect(res.status).toBe(200);
    expect((xml.match(/<entry>/g) ?? []).length).toBeGreaterThan(10);
    expect(xml).toMatch(/(Scammer|Project) verified: /);
    expect(xml).toMatch(/Incident approved: /);
  });
});
