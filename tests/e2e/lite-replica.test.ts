// The lighter replica (issue 17, Build 3), in a real Chromium against the real server: with
// "Keep full details offline" off, a first visit downloads the light form (no incidents or
// pictures); offline, a listed wallet is still found and its profile opens with what is stored and
// a plain note for the rest; a profile opened online keeps its details; turning the setting on
// downloads the details, and then they are there offline.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/contract/profile';
import { routes } from '../../shared/contract/routes';
import { ApiClient } from './support/api';
import { type RunningServer } from './support/server';
import { startSeededServer } from './support/seeded-server';
import { metaRow } from './support/app-db';
import { PHONE, screenshots, useBrowser } from './support/visits';

const PROFILES = 400;
const NOT_SAVED = 'The incidents and picture of this profile are not saved on this device. They load when you are online.';

const rig = useBrowser();
const shoot = screenshots('lite-replica-');
let server: RunningServer;
let developers: Profile[];

beforeAll(async () => {
  server = await startSeededServer(PROFILES);
  const api = await ApiClient.visitor(server.url);
  ({ results: developers } = await api.get<{ results: Profile[] }>(routes.profiles.list.developer.path({ query: { page_size: 9999 } })));
});

afterAll(async () => {
  await server?.stop();
});

/** A first visit with the setting off (as Save-Data would have it), until the replica is complete. */
async function lightVisit(viewport: { width: number; height: number } = PHONE): Promise<{ context: BrowserContext; page: Page; errors: Error[]; syncForms: string[] }> {
  const context = await rig.browser.newContext({ viewport });
  await context.addInitScript(() => { if (localStorage.getItem('bustr.keepDetailsOffline') === null) localStorage.setItem('bustr.keepDetailsOffline', '0'); });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  const syncForms: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === routes.sync.page.path()) syncForms.push(url.searchParams.get('form') ?? 'full');
  });
  await page.goto(`${server.url}/`);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
  await expect.poll(async () => (await metaRow<{ lastSyncedAt: number | null }>(page, 'sync'))?.lastSyncedAt ?? null, { timeout: 60_000 }).not.toBeNull();
  // the opening page switches to the device's index
  await expect.poll(() => page.locator('.registry__results').getAttribute('data-source'), { timeout: 30_000 }).toBe('replica');
  return { context, page, errors, syncForms };
}

async function openByWallet(page: Page, owner: Profile, wallet: string): Promise<void> {
  await page.getByLabel('Search the registry').fill(wallet);
  await expect.poll(() => page.locator('.profile-card h3').allTextContents(), { timeout: 15_000 }).toEqual([owner.name]);
  await page.getByRole('button', { name: /View Profile/ }).click();
  await page.getByRole('dialog', { name: owner.name }).waitFor();
}

const withWallet = () => developers.filter((p) => p.walletAddresses.length > 0);

describe('a replica without full details (Keep full details offline off)', () => {
  it('when the replica completes in the light form and the device goes offline, then a wallet is found and its profile opens with what is stored and a plain note for the details', async () => {
    const { context, page, errors, syncForms } = await lightVisit();
    expect(syncForms.length).toBeGreaterThan(0);
    expect(new Set(syncForms)).toEqual(new Set(['light']));
    expect(await metaRow<boolean>(page, 'lightHeld')).toBe(true);
    expect(await page.getByLabel('Keep full details offline').isChecked()).toBe(false);

    const owner = withWallet().at(-1)!;
    await context.setOffline(true);
    await openByWallet(page, owner, owner.walletAddresses[0]!);
    const dialog = page.getByRole('dialog', { name: owner.name });
    await dialog.getByText(NOT_SAVED).waitFor();
    // what the light form holds is there: the case's identifiers
    await expect.poll(() => dialog.textContent()).toContain(owner.walletAddresses[0]!);
    await dialog.getByText(NOT_SAVED).scrollIntoViewIfNeeded();
    await shoot(page, 'offline-details-not-saved');

    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('when a profile is opened online, then its details are read and stay on the device offline', async () => {
    const { context, page, errors } = await lightVisit();
    const owner = withWallet().at(-2)!;
    await openByWallet(page, owner, owner.walletAddresses[0]!);
    const dialog = page.getByRole('dialog', { name: owner.name });
    await dialog.locator('.incident-list__item').first().waitFor({ timeout: 15_000 });
    const incidents = await dialog.locator('.incident-list__item').count();
    await page.keyboard.press('Escape');

    await context.setOffline(true);
    await page.reload();
    await openByWallet(page, owner, owner.walletAddresses[0]!);
    await expect.poll(() => page.getByRole('dialog', { name: owner.name }).locator('.incident-list__item').count(), { timeout: 15_000 }).toBe(incidents);
    expect(await page.getByText(NOT_SAVED).count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('when Keep full details offline is turned on, then the details download, and offline every profile opens with its incidents', async () => {
    const { context, page, errors, syncForms } = await lightVisit();
    const settled = syncForms.length;
    await page.getByLabel('Keep full details offline').scrollIntoViewIfNeeded();
    await shoot(page, 'footer-setting');
    await page.getByLabel('Keep full details offline').check();
    await expect.poll(() => metaRow<boolean>(page, 'lightHeld'), { timeout: 60_000 }).toBe(false);
    expect(syncForms.slice(settled)).toContain('full');
    expect(syncForms.slice(settled)).not.toContain('light');

    const owner = withWallet().at(-3)!;
    await context.setOffline(true);
    await openByWallet(page, owner, owner.walletAddresses[0]!);
    await page.getByRole('dialog', { name: owner.name }).locator('.incident-list__item').first().waitFor({ timeout: 15_000 });
    expect(await page.getByText(NOT_SAVED).count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
