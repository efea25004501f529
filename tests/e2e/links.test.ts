// A lookup is a link, in a real Chromium against the real server with the demo registry: a
// lookup link shows the profile's card, a profile link opens the profile with the identifier it
// was found by first, Back closes it and stays in the app, a reload keeps both, a share into the
// installed app opens its lookup, and a profile link opens offline.
// The profile these tests look up is reported and published here, through the API, with valid
// identifiers of its own (never the demo seed's, which are random).
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../shared/contract/routes';
import { caseId } from '../../shared/domain/case-id';
import { SHARE_TARGET_PARAMS } from '../../client/state/registry-link';
import { ApiClient } from './support/api';
import { DEMO_SERVER_ENV, DESKTOP, PHONE, STAFF, expectNoSidewaysScroll, freshPage, screenshots, useBrowser } from './support/visits';

const rig = useBrowser({ env: DEMO_SERVER_ENV });
const shoot = screenshots('links-');

const NAME = 'Aldric Linkstone';
// EIP-55's first example address; a mobile number from Australia's range for fiction
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const HANDLE = '@aldric_web302';
const PHONE_NUMBER = '+61 491 570 159';
let profileId = 0;
let profileCaseId = '';

/** A published scammer holding the identifiers above, reported and verified the way users and staff do it. */
beforeAll(async () => {
  const visitor = await ApiClient.visitor(rig.server.url);
  const staff = await ApiClient.signedIn(rig.server.url, STAFF.username, STAFF.password);
  ({ id: profileId } = await visitor.post<{ id: number }>(routes.profiles.create.developer.path(), { name: NAME, location: 'Lisbon' }));
  const incident = await visitor.post<{ id: number }>(routes.incidents.submit.developer.path({ id: profileId }), {
    description: 'Asked for a deposit to a wallet for a token presale, then blocked the buyer.',
    lostAmount: '2500', currency: 'USD',
    walletAddresses: [WALLET], telegrams: [HANDLE], phones: [PHONE_NUMBER], websites: ['https://site.example'],
  });
  await staff.post(routes.profiles.verify.developer.path({ id: profileId }));
  await staff.post(routes.incidents.approve.path({ id: incident.id }));
  profileCaseId = caseId(profileId);
});

const url = (search: string) => `${rig.server.url}/${search}`;
const searchBox = (page: Page) => page.getByLabel('Search the registry');
const card = (page: Page) => page.locator('.profile-card', { has: page.getByRole('heading', { name: NAME, exact: true }) });
const profileDialog = (page: Page) => page.getByRole('dialog', { name: NAME });

/** The lowercase form of the checksummed wallet: a pasted form that the registry's search finds. */
const PASTED_WALLET = WALLET.toLowerCase();

async function openFromCard(page: Page): Promise<Locator> {
  await card(page).getByRole('button', { name: 'View Profile' }).click();
  const dialog = profileDialog(page);
  await dialog.waitFor();
  return dialog;
}

describe('a lookup link', () => {
  it('when /?q= holds a pasted identifier, then the registry opens with that search and shows the profile\'s card', async () => {
    const { context, page, errors } = await freshPage(rig.browser);

    await page.goto(url(`?q=${encodeURIComponent(PASTED_WALLET)}`));

    await card(page).waitFor({ timeout: 30_000 });
    expect(await searchBox(page).inputValue()).toBe(PASTED_WALLET);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when a search is typed, then the address follows it without one history entry per key', async () => {
    const { context, page } = await freshPage(rig.browser, DESKTOP);
    await page.goto(url(''));
    await page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
    const entries = await page.evaluate(() => history.length);

    await searchBox(page).pressSequentially(NAME, { delay: 20 });

    await page.waitForURL(url(`?q=${encodeURIComponent(NAME).replace(/%20/g, '+')}`));
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await context.close();
  });

  it('when the installed app is shared a message with a t.me link, then it opens the lookup of that handle', async () => {
    const { context, page, errors } = await freshPage(rig.browser);

    await page.goto(url('?text=Pay+me+at+https%3A%2F%2Ft.me%2Faldric_web302'));

    // (the lookup of a shared text is read on demand: the opening page may show first)
    await expect.poll(() => searchBox(page).inputValue(), { timeout: 30_000 }).toBe(HANDLE);
    await card(page).waitFor({ timeout: 30_000 });
    // the address becomes the lookup itself, so a reload or a copied address shows the same
    await page.waitForURL(url('?q=%40aldric_web302'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when the web manifest is read, then it declares the app a share target of title, text and url at /', async () => {
    const { context, page } = await freshPage(rig.browser);
    await page.goto(url(''));
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');

    const manifest = await page.evaluate(async (at) => (await fetch(at!)).json(), href);

    expect(manifest.share_target).toEqual({ action: '/', method: 'GET', params: { ...SHARE_TARGET_PARAMS } });
    await context.close();
  });
});

describe('a profile link', () => {
  it('when a profile found by an identifier opens, then it has its own link, shows the identifier first and Back closes it in the app', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await page.goto(url(`?q=${encodeURIComponent(PASTED_WALLET)}`));
    await card(page).waitFor({ timeout: 30_000 });

    const dialog = await openFromCard(page);

    expect(page.url()).toBe(url(`?q=${PASTED_WALLET}&profile=${profileCaseId}`));
    const matched = dialog.getByRole('region', { name: 'Matched' });
    expect(await matched.textContent()).toContain(WALLET);
    // at the top of the details: above the reported loss
    const [matchedTop, lossTop] = await Promise.all([
      matched.evaluate((el) => el.getBoundingClientRect().top),
      dialog.getByText('Total reported loss').evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(matchedTop).toBeLessThan(lossTop);
    await expectNoSidewaysScroll(page, dialog);
    await shoot(page, 'profile-matched');

    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(url(`?q=${PASTED_WALLET}`));
    expect(await searchBox(page).inputValue()).toBe(PASTED_WALLET);
    await card(page).waitFor();

    await page.goForward();
    await profileDialog(page).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when the page is reloaded with a profile open, then the search and the profile are still there', async () => {
    const { context, page, errors } = await freshPage(rig.browser, DESKTOP);
    await page.goto(url(`?q=${encodeURIComponent(HANDLE)}`));
    await card(page).waitFor({ timeout: 30_000 });
    await openFromCard(page);

    await page.reload();

    const dialog = profileDialog(page);
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('region', { name: 'Matched' }).textContent()).toContain(HANDLE);
    expect(await searchBox(page).inputValue()).toBe(HANDLE);
    // Close after a reload still goes back to the search, not out of the app
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(url(`?q=${encodeURIComponent(HANDLE)}`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when Copy link is pressed, then the profile link is on the clipboard, "Link copied." shows, and the link opens the profile', async () => {
    const { context, page } = await freshPage(rig.browser, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: rig.server.url });
    await page.goto(url(`?profile=${profileCaseId}`));
    const dialog = profileDialog(page);
    await dialog.waitFor({ timeout: 30_000 });

    await dialog.getByRole('button', { name: 'Copy link' }).click();

    await dialog.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(url(`?profile=${profileCaseId}`));
    await shoot(page, 'profile-link-copied');

    const other = await freshPage(rig.browser);
    await other.page.goto(copied);
    await profileDialog(other.page).waitFor({ timeout: 30_000 });
    await other.context.close();
    await context.close();
  });

  it('when a case id is not listed, then the dialog says so', async () => {
    const { context, page } = await freshPage(rig.browser);

    await page.goto(url('?profile=BUSTR-2025-9999'));

    const dialog = page.getByRole('dialog', { name: 'BUSTR-2025-9999' });
    await dialog.getByText('No listed profile has this case ID.', { exact: false }).waitFor({ timeout: 30_000 });
    await shoot(page, 'profile-not-listed');
    await context.close();
  });

  it('when the network is off after one online visit, then a profile link and a lookup link still open', async () => {
    const { context, page, errors } = await freshPage(rig.browser, PHONE);
    await page.goto(url(''));
    // clientsClaim (vite.config.ts): the first page is controlled once the worker is active
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    await page.locator('.profile-card').first().waitFor({ timeout: 30_000 });

    await context.setOffline(true);
    await page.goto(url(`?profile=${profileCaseId}`));

    const dialog = profileDialog(page);
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.getByText(WALLET).count()).toBeGreaterThan(0);
    await page.goto(url(`?q=${encodeURIComponent(PASTED_WALLET)}`));
    await card(page).waitFor({ timeout: 30_000 });
    await page.locator('header').getByText('Offline', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
