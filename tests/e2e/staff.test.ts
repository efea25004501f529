// Staff in a real Chromium against the real server with the demo registry: the login screen's
// texts, validation and states (product.md#screens-login ("Login screen"), product.md#states, product.md#validation, product.md#errors), a staff sign-in that lands
// on next, one decision of each kind from the Admin Panel checked on the server as a visitor sees
// it, the guard sending a visitor home, and Log out. The login screen and the panel with each
// kind of modal are photographed at phone and desktop width into test-results/staff-*.png.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PendingScam } from '../../shared/contract/admin';
import type { Profile } from '../../shared/contract/profile';
import { caseId } from '../../shared/domain/case-id';
import { ApiClient } from './support/api';
import { DEMO_SERVER_ENV, DESKTOP, PHONE, STAFF, expectNoSidewaysScroll, freshPage, screenshots, signInStaff, useBrowser, type Visit } from './support/visits';
import { routes } from '../../shared/contract/routes';
import { ALDRIC } from '../../server/demo/showcase';

const rig = useBrowser({ env: DEMO_SERVER_ENV });
const shoot = screenshots('staff-');

/** The login screen's parts, by what a person sees. */
function loginForm(page: Page) {
  return {
    username: page.getByPlaceholder('Enter username'),
    password: page.getByPlaceholder('Enter password'),
    submit: page.getByRole('button', { name: 'ACCESS SYSTEM' }),
    busy: page.getByRole('button', { name: 'Authenticating...' }),
    alert: page.getByRole('alert'),
  };
}

/** Counts the sign-in requests the page sends. */
function countLogins(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === routes.auth.login.path()) count += 1;
  });
  return () => count;
}

function me(page: Page): Promise<{ is_authenticated: boolean; is_staff: boolean; username: string }> {
  return page.evaluate(async (path) => (await fetch(path, { cache: 'no-store' })).json(), routes.auth.currentUser.path());
}

/** Signed-in staff on the Admin Panel with its list loaded. */
async function openPanel(viewport = PHONE): Promise<Visit> {
  const visit = await freshPage(rig.browser, viewport);
  // (through the real login call: quicker than the form, which has its own test)
  await visit.page.goto(`${rig.server.url}/accounts/login/`);
  await signInStaff(visit.page);
  await visit.page.goto(`${rig.server.url}/adminpanel/`);
  await visit.page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
  await visit.page.getByRole('list', { name: 'Requests awaiting review' }).waitFor();
  return visit;
}

/** The panel's card for `name` (names made here are unique). */
function cardFor(page: Page, name: string): Locator {
  return page.locator('.admin-card', { has: page.getByRole('heading', { name, exact: true }) });
}

/** Opens the card's details; its modal is titled '{kind} #{id}' (product.md#screens). */
async function openDetails(page: Page, name: string, title: string): Promise<Locator> {
  const card = cardFor(page, name);
  await card.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

/** Answers the "are you sure" question some decisions ask. */
async function confirm(page: Page, label: string) {
  const question = page.getByRole('alertdialog');
  await question.waitFor();
  await question.getByRole('button', { name: label, exact: true }).click();
  await question.waitFor({ state: 'detached' });
}

/** The HTTP status a visitor (no cookies) gets for a GET. */
async function visitorStatus(path: string): Promise<number> {
  const res = await fetch(`${rig.server.url}${path}`, { headers: { Accept: 'application/json' } });
  await res.body?.cancel();
  return res.status;
}

let made = 0;
/** Keeps the names made here apart from each other and from the demo data, and short enough to read. */
const stamp = () => `${(made += 1)}-${Date.now() % 100_000}`;

/** A scammer reported by a visitor and published by staff, with a name no one else has. */
async function publishedScammer(label: string): Promise<{ id: number; name: string }> {
  const name = `${label} ${stamp()}`;
  const visitor = await ApiClient.visitor(rig.server.url);
  const { id } = await visitor.post<{ id: number }>(routes.profiles.create.developer.path(), { name, bio: 'Sells fake presale allocations.' });
  const staff = await ApiClient.signedIn(rig.server.url, STAFF.username, STAFF.password);
  await staff.post(routes.profiles.verify.developer.path({ id }));
  return { id, name };
}

describe('the login screen', () => {
  it('when it opens, then the logo, the access notes, the secure badge, both fields and ACCESS SYSTEM show', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await page.goto(`${rig.server.url}/accounts/login/`);
    const form = loginForm(page);
    await form.submit.waitFor();

    const logo = page.locator('main img[src="/static/logo.svg"]');
    expect(await logo.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return img.naturalWidth;
    })).toBeGreaterThan(0);
    for (const text of ['Authorized Users Only', 'Unauthorized access is strictly prohibited', 'All activities are monitored and logged', 'CONNECTION SECURE']) {
      expect(await page.getByText(text, { exact: true }).isVisible()).toBe(true);
    }
    expect(await form.username.isVisible()).toBe(true);
    expect(await form.password.getAttribute('type')).toBe('password');
    expect(await form.alert.count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'login-idle');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when the form is incomplete, then the spec messages show in order and nothing is sent', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    const logins = countLogins(page);
    await page.goto(`${rig.server.url}/accounts/login/`);
    const form = loginForm(page);

    await form.submit.click();
    await form.alert.getByText('Username is required').waitFor();
    expect(await form.username.evaluate((el) => el === document.activeElement)).toBe(true);

    await form.username.fill('   ');
    await form.password.fill('a password');
    await form.submit.click();
    await form.alert.getByText('Username is required').waitFor();

    await form.username.fill(STAFF.username);
    await form.password.fill('');
    await form.submit.click();
    await form.alert.getByText('Password is required').waitFor();

    expect(logins()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when the eye button is pressed, then the password shows as plain text, and pressed again it is masked', async () => {
    const { context, page } = await freshPage(rig.browser);
    await page.goto(`${rig.server.url}/accounts/login/`);
    const form = loginForm(page);
    await form.password.fill('secret words');

    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await form.password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await form.password.getAttribute('type')).toBe('password');
    expect(await form.password.inputValue()).toBe('secret words');
    await context.close();
  });

  it("while the sign-in is checked the form is locked and reads Authenticating..., then the server's refusal shows", async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await page.goto(`${rig.server.url}/accounts/login/`);
    const form = loginForm(page);
    // a name of its own, so these failures never throttle the staff user's sign-ins
    await form.username.fill('someone-guessing');
    await form.password.fill('not the password');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${routes.auth.login.path()}`, async (route) => {
      await held;
      await route.continue();
    });

    await form.submit.click();
    await form.busy.waitFor();
    expect(await form.busy.isDisabled()).toBe(true);
    expect(await form.username.isDisabled()).toBe(true);
    expect(await form.password.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Show password' }).isDisabled()).toBe(true);
    expect(await form.busy.locator('.login__spinner').count()).toBe(1);
    await shoot(page, 'login-submitting');
    release();

    await form.alert.getByText('Invalid username or password.').waitFor();
    expect(await form.submit.isEnabled()).toBe(true);
    expect(await form.password.isEnabled()).toBe(true);
    expect((await me(page)).is_authenticated).toBe(false);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'login-error');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when the server cannot be reached, then An error occurred during login. shows', async () => {
    const { context, page } = await freshPage(rig.browser);
    await page.goto(`${rig.server.url}/accounts/login/`);
    const form = loginForm(page);
    await form.username.fill(STAFF.username);
    await form.password.fill(STAFF.password);
    await page.route(`**${routes.auth.login.path()}`, (route) => route.abort('connectionrefused'));

    await form.submit.click();

    await form.alert.getByText('An error occurred during login.').waitFor();
    expect(await form.submit.isEnabled()).toBe(true);
    await context.close();
  });
});

describe('staff sign-in', () => {
  it('when staff sign in from /accounts/login/?next=/adminpanel/, then a full page load opens the Admin Panel', async () => {
    const { context, page, errors } = await freshPage(rig.browser, DESKTOP);
    await page.goto(`${rig.server.url}/accounts/login/?next=${encodeURIComponent('/adminpanel/')}`);
    const form = loginForm(page);
    await form.username.fill(STAFF.username);
    await form.password.fill(STAFF.password);
    // a full page load starts a new document: this mark does not survive it
    await page.evaluate(() => Object.assign(window, { beforeSignIn: true }));

    await form.submit.click();

    await page.waitForURL(`${rig.server.url}/adminpanel/`);
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    expect(await page.evaluate(() => 'beforeSignIn' in window)).toBe(false);
    expect(await me(page)).toEqual({ is_authenticated: true, is_staff: true, username: STAFF.username });
    await page.getByRole('list', { name: 'Requests awaiting review' }).waitFor();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'admin-panel');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('moderation from the Admin Panel', () => {
  it('when a New Scammer is published, then visitors can open the profile', async () => {
    const name = `Verify Me ${stamp()}`;
    const visitor = await ApiClient.visitor(rig.server.url);
    const { id } = await visitor.post<{ id: number }>(routes.profiles.create.developer.path(), {
      name, bio: 'Runs fake launchpads on Telegram.', gender: 'Male', nationality: 'Examplestan', languages: ['English', 'Spanish'],
    });
    expect(await visitorStatus(routes.profiles.detail.developer.path({ id }))).toBe(404); // not public before review
    const { context, page, errors } = await openPanel();

    const dialog = await openDetails(page, name, `New Scammer #${id}`);
    await dialog.getByRole('heading', { name: 'Profile Information' }).waitFor();
    expect(await dialog.getByText('Runs fake launchpads on Telegram.').isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, dialog);
    await shoot(page, 'modal-new-scammer');
    await dialog.getByRole('button', { name: 'Publish Case' }).click();

    await dialog.waitFor({ state: 'detached' });
    await cardFor(page, name).waitFor({ state: 'detached' });
    expect(await visitorStatus(routes.profiles.detail.developer.path({ id }))).toBe(200);
    const profile = (await (await fetch(`${rig.server.url}${routes.profiles.detail.developer.path({ id })}`)).json()) as Profile;
    expect(profile).toMatchObject({ name, isVerified: true, verification_status: 'verified' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when a pending scam is rejected, then it never becomes public', async () => {
    const { id: profileId, name } = await publishedScammer('Scam Target');
    const visitor = await ApiClient.visitor(rig.server.url);
    const description = `Took a listing fee and vanished (${stamp()})`;
    const { id } = await visitor.post<{ id: number }>(routes.incidents.submit.developer.path({ id: profileId }), {
      description, lostAmount: '2500.125', currency: 'USDT', websites: ['fake-launch.example'],
    });
    const { context, page, errors } = await openPanel();

    const dialog = await openDetails(page, name, `New Scammer Scam #${id}`);
    await dialog.getByRole('heading', { name: 'Scam Information' }).waitFor();
    expect(await dialog.getByText(description).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, dialog);
    await shoot(page, 'modal-scam');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await confirm(page, 'Reject');

    await dialog.waitFor({ state: 'detached' });
    await cardFor(page, name).waitFor({ state: 'detached' });
    const staff = await ApiClient.signedIn(rig.server.url, STAFF.username, STAFF.password);
    expect(await staff.get<PendingScam>(routes.incidents.detail.path({ id }))).toMatchObject({ verification_status: 'rejected' });
    const { incidents } = await visitor.get<{ incidents: { id: number }[] }>(routes.incidents.ofProfile.developer.path({ id: profileId }));
    expect(incidents.map((i) => i.id)).not.toContain(id);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when an edit request is confirmed, then the profile shows the change', async () => {
    const { id: profileId, name } = await publishedScammer('Edit Target');
    const bio = `Now also sells fake audits (${stamp()})`;
    const visitor = await ApiClient.visitor(rig.server.url);
    const { id } = await visitor.post<{ id: number }>(routes.editRequests.submit.developer.path({ id: profileId }), {
      developer: profileId, full_name: 'Anonymous', contact_information: 'tips@example.org', target_type: 'developer',
      proposed_changes: { developer: { bio, nationality: 'Otherland' } },
    });
    const { context, page, errors } = await openPanel();

    const dialog = await openDetails(page, name, `Edit Scammer #${id}`);
    await dialog.getByRole('heading', { name: 'Scammer Changes' }).waitFor();
    expect(await dialog.getByText(bio).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, dialog);
    await shoot(page, 'modal-edit');
    await dialog.getByRole('button', { name: 'Confirm Changes' }).click();

    await dialog.waitFor({ state: 'detached' });
    await cardFor(page, name).waitFor({ state: 'detached' });
    const profile = await visitor.get<Profile>(routes.profiles.detail.developer.path({ id: profileId }));
    expect(profile).toMatchObject({ bio, nationality: 'Otherland' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when a removal request is processed, then the profile is gone', async () => {
    const { id: profileId, name } = await publishedScammer('Removal Target');
    const visitor = await ApiClient.visitor(rig.server.url);
    const explanation = `The wrong person is named here (${stamp()}).`;
    const { id } = await visitor.post<{ id: number }>(routes.removalRequests.submit.path(), {
      target_type: 'developer', case_id: caseId(profileId), full_name: 'Riley Example',
      contact_information: 'riley@example.org', explanation, developer: profileId,
    });
    expect(await visitorStatus(routes.profiles.detail.developer.path({ id: profileId }))).toBe(200);
    const { context, page, errors } = await openPanel();

    const dialog = await openDetails(page, name, `Remove Scammer #${id}`);
    await dialog.getByRole('heading', { name: 'Case Information' }).waitFor();
    expect(await dialog.getByText(explanation).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, dialog);
    await shoot(page, 'modal-removal');
    await dialog.getByRole('button', { name: 'Remove Scammer' }).click();
    await shoot(page, 'modal-removal-confirm');
    await confirm(page, 'Remove');

    await dialog.waitFor({ state: 'detached' });
    await cardFor(page, name).waitFor({ state: 'detached' });
    expect(await visitorStatus(routes.profiles.detail.developer.path({ id: profileId }))).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('shared identifiers in the Admin Panel', () => {
  it('when two new reports name a wallet a listed profile holds, then each one\'s details list that profile and the other report', async () => {
    // Aldric Quenby (the demo's showcase scammer) lists this wallet; the reports write it as pasted
    const listed = ALDRIC.wallet_addresses[1]!;
    const visitor = await ApiClient.visitor(rig.server.url);
    const report = async (label: string, wallet: string) => {
      const name = `${label} ${stamp()}`;
      const { id } = await visitor.post<{ id: number }>(routes.profiles.create.developer.path(), { name, bio: 'Asked for a deposit to a wallet.' });
      await visitor.post(routes.incidents.report.developer.path({ id }), {
        description: `Paid a "broker" (${name})`, lostAmount: '400', wallet_addresses: [wallet],
      });
      return { id, name };
    };
    const first = await report('Wallet Sharer', `bitcoin:${listed}?amount=0.01`);
    const second = await report('Wallet Echo', listed.toUpperCase());
    const { context, page, errors } = await openPanel();

    // the report's card (its scam has a card of its own, under the same name)
    const card = cardFor(page, first.name).filter({ has: page.getByText('New Scammer', { exact: true }) });
    expect(await card.locator('.admin-card__shared').textContent()).toMatch(/^\d+ shared identifiers?$/);
    await card.getByRole('button', { name: 'View Details' }).click();
    let dialog = page.getByRole('dialog', { name: `New Scammer #${first.id}` });
    let shared = dialog.getByRole('listitem').filter({ has: page.locator('.admin-shared__value', { hasText: `bitcoin:${listed}?amount=0.01` }) });
    await shared.waitFor();
    expect(await shared.locator('.admin-shared__kind').textContent()).toBe('Bitcoin wallet address');
    expect(await shared.locator('.admin-shared__reports').textContent()).toMatch(/^This Bitcoin wallet address is named in \d+ reports\.$/);
    const reports = Number((await shared.locator('.admin-shared__reports').textContent())!.match(/\d+/)![0]);
    expect(reports).toBeGreaterThanOrEqual(3); // the two reports, and the listed profile's own details
    await shared.getByRole('link', { name: ALDRIC.name }).waitFor();
    expect(await shared.getByRole('link', { name: ALDRIC.name }).getAttribute('href')).toMatch(/^\/\?profile=BUSTR-2025-\d{4}$/);
    const other = shared.getByRole('button', { name: `New Scammer #${second.id}` });
    await other.scrollIntoViewIfNeeded();
    await shoot(page, 'modal-shared-identifiers');
    await expectNoSidewaysScroll(page, dialog);

    // the other report opens in the same modal, and names the first one back
    await other.click();
    dialog = page.getByRole('dialog', { name: `New Scammer #${second.id}` });
    shared = dialog.getByRole('listitem').filter({ has: page.locator('.admin-shared__value', { hasText: listed.toUpperCase() }) });
    await shared.getByRole('button', { name: `New Scammer #${first.id}` }).waitFor();
    await shared.getByRole('link', { name: ALDRIC.name }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the guard', () => {
  it('when a visitor opens /adminpanel/, then they are sent home with history replaced', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await page.goto(`${rig.server.url}/accounts/login/`);
    await page.goto(`${rig.server.url}/adminpanel/`);

    await page.waitForURL(`${rig.server.url}/`);
    expect(await page.getByRole('heading', { name: 'Admin Panel' }).count()).toBe(0);
    // replaced, not pushed: Back leads to the page before, not into the guard again
    await page.goBack();
    await page.waitForURL(`${rig.server.url}/accounts/login/`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('log out', () => {
  it('when staff choose Log out, then the login page opens and they are signed out', async () => {
    const { context, page, errors } = await openPanel();
    const menuButton = page.getByRole('banner').getByRole('button', { name: new RegExp(STAFF.username) });

    await menuButton.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Log out' }).click();

    await page.waitForURL(`${rig.server.url}/accounts/login/`);
    await loginForm(page).submit.waitFor();
    expect(await me(page)).toMatchObject({ is_authenticated: false, is_staff: false });
    // the panel is closed to them now
    await page.goto(`${rig.server.url}/adminpanel/`);
    await page.waitForURL(`${rig.server.url}/`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
