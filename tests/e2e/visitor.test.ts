// Every visitor screen of the spec in a real Chromium against the real server with the demo
// registry (about 300 profiles): search, filters, pagination, the profile modal with its scam
// detail, the report wizard and Add Scam reaching the staff queues, edit and removal requests
// reaching the server, and the header's user menu. Each screen is photographed at phone and
// desktop width into test-results/visitor-*.png and checked for sideways scrolling at 390 px.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PendingScam } from '../../shared/contract/admin';
import type { EditRequest } from '../../shared/contract/edit-request';
import type { Profile } from '../../shared/contract/profile';
import type { RemovalRequest } from '../../shared/contract/removal-request';
import { ApiClient } from './support/api';
import { DEMO_SERVER_ENV, DESKTOP, PHONE, STAFF, expectNoSidewaysScroll, freshPage, hasSidewaysScroll, screenshots, signInStaff, useBrowser, type Visit } from './support/visits';
import { routes } from '../../shared/contract/routes';

const PAGE_SIZE = 20; // shared/constants.ts REGISTRY_PAGE_SIZE

const rig = useBrowser({ env: DEMO_SERVER_ENV });
const shoot = screenshots('visitor-');

/** A fresh context (its own replica and cookies) on the registry, with the first page of cards. */
async function openRegistry(viewport = PHONE): Promise<Visit> {
  const visit = await freshPage(rig.browser, viewport);
  await visit.page.goto(`${rig.server.url}/`);
  await visit.page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
  return visit;
}

function cardNames(page: Page): Promise<string[]> {
  return page.locator('.profile-card h3').allTextContents();
}

function staffApi(): Promise<ApiClient> {
  return ApiClient.signedIn(rig.server.url, STAFF.username, STAFF.password);
}

/** A published scammer with approved incidents and a name no other profile has. */
async function scammerWithIncidents(): Promise<{ profile: Profile; incidents: number }> {
  const visitor = await ApiClient.visitor(rig.server.url);
  const { results } = await visitor.get<{ results: Profile[] }>(routes.profiles.list.developer.path({ query: { page_size: 9999 } }));
  for (const profile of results) {
    if (results.filter((p) => p.name === profile.name).length > 1) continue;
    const { incidents } = await visitor.get<{ incidents: unknown[] }>(routes.incidents.ofProfile.developer.path({ id: profile.id }));
    if (incidents.length > 0) return { profile, incidents: incidents.length };
  }
  throw new Error('the demo registry has no scammer with incidents');
}

/** Searches the registry for a profile by name and opens its profile modal. */
async function openProfile(page: Page, name: string): Promise<Locator> {
  await page.getByLabel('Search the registry').fill(name);
  const card = page.locator('.profile-card', { has: page.getByRole('heading', { name, exact: true }) });
  await card.getByRole('button', { name: 'View Profile' }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}

describe('the registry', () => {
  it('when a name is searched, then the list narrows to it', async () => {
    const { context, page, errors } = await openRegistry();
    const names = await cardNames(page);
    expect(names).toHaveLength(PAGE_SIZE);
    await shoot(page, 'registry');

    const wanted = names[4]!;
    await page.getByLabel('Search the registry').fill(wanted);

    await expect.poll(async () => {
      const now = await cardNames(page);
      return now.includes(wanted) && now.length < names.length;
    }).toBe(true);
    expect(await hasSidewaysScroll(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when page 2 is chosen, then other cards show, and the pages list first, last and ellipses', async () => {
    const { context, page, errors } = await openRegistry(DESKTOP);
    const first = await cardNames(page);
    const pages = page.getByRole('navigation', { name: 'Pages' });

    // page 1 of many: 1 2 3 … last
    await pages.getByRole('button', { name: 'Page 1', exact: true }).waitFor();
    const last = await pages.locator('.pagination__page').last().textContent();
    expect(Number(last)).toBeGreaterThan(6);
    expect(await pages.locator('.pagination__gap').count()).toBe(1);

    await pages.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(async () => (await cardNames(page))[0] !== first[0]).toBe(true);
    const second = await cardNames(page);
    expect(second).toHaveLength(PAGE_SIZE);
    expect(second.filter((name) => first.includes(name))).toEqual([]);
    expect(await pages.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe('page');

    // a page in the middle: 1 … 4 5 6 7 8 … last
    await pages.getByRole('button', { name: 'Page 4', exact: true }).click();
    await pages.getByRole('button', { name: 'Page 6', exact: true }).click();
    await expect.poll(() => pages.locator('.pagination__gap').count()).toBe(2);
    const shown = await pages.locator('.pagination__page').allTextContents();
    expect(shown).toEqual(['1', '4', '5', '6', '7', '8', last]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the header', () => {
  it('when a visitor opens the registry, then a Staff sign in link shows and no user menu', async () => {
    const { context, page, errors } = await openRegistry();
    const header = page.getByRole('banner');

    const signIn = header.getByRole('link', { name: 'Staff sign in' });
    await signIn.waitFor();
    expect(await signIn.getAttribute('href')).toBe(`/accounts/login/?next=${encodeURIComponent('/')}`);
    expect(await header.getByRole('button', { name: new RegExp(STAFF.username) }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when staff are signed in, then the user menu offers Admin Panel, and Log out lands on the login page', async () => {
    const { context, page, errors } = await openRegistry();
    await signInStaff(page);
    await page.reload();
    await page.locator('.profile-card').first().waitFor();
    const menuButton = page.getByRole('banner').getByRole('button', { name: new RegExp(STAFF.username) });

    await menuButton.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Admin Panel' }).getAttribute('href')).toBe('/adminpanel');
    await expectNoSidewaysScroll(page);
    await shoot(page, 'user-menu');
    await menu.getByRole('menuitem', { name: 'Log out' }).click();

    await page.waitForURL(`${rig.server.url}/accounts/login/`);
    const me = await page.evaluate(async (path) => (await fetch(path, { cache: 'no-store' })).json(), routes.auth.currentUser.path());
    expect(me).toMatchObject({ is_authenticated: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the filters', () => {
  it('when a filter value is chosen, then the list narrows and its chip and the count badge show', async () => {
    const { context, page, errors } = await openRegistry();
    const count = page.locator('.registry__count');
    const before = await count.textContent();

    await page.getByRole('button', { name: 'Industry', exact: true }).click();
    const panel = page.getByRole('group', { name: 'Industry' });
    await panel.waitFor();
    await shoot(page, 'filters-open');
    const option = panel.getByRole('checkbox').first();
    const value = (await panel.locator('label').first().textContent())!.trim();
    await option.check();

    const chip = page.getByRole('list', { name: 'Active filters' }).getByRole('button', { name: /^Remove Industry: / });
    await chip.waitFor();
    const chosen = (await chip.getAttribute('aria-label'))!.replace('Remove Industry: ', '');
    expect(value.startsWith(chosen)).toBe(true); // the option's label is its value and its count
    expect(await page.getByTestId('filter-count-badge').textContent()).toContain('1');
    await expect.poll(() => count.textContent()).not.toBe(before);
    const narrowed = Number((await count.textContent())!.replace(/[^0-9].*$/, '').trim());
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(Number(before!.replace(/[^0-9].*$/, '')));
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when a filter and a search match nothing, then the empty text offers Clear Filters, which clears both', async () => {
    const { context, page, errors } = await openRegistry();
    const first = await cardNames(page);
    await page.getByRole('button', { name: 'Scam Type', exact: true }).click();
    await page.getByRole('group', { name: 'Scam Type' }).getByRole('checkbox').first().check();
    await page.getByTestId('filter-count-badge').waitFor();

    await page.getByLabel('Search the registry').fill('zzqx-nothing-matches-this');
    const empty = page.getByText('No scammer profiles found matching your criteria');
    await empty.waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();

    await page.locator('.profile-card').first().waitFor();
    expect(await cardNames(page)).toEqual(first);
    expect(await page.getByLabel('Search the registry').inputValue()).toBe('');
    expect(await page.getByTestId('filter-count-badge').count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Active filters' }).getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the profile modal', () => {
  it('when View Profile is pressed, then the modal shows incidents, Medium, Attachments (0), and a scam detail', async () => {
    const { profile, incidents } = await scammerWithIncidents();
    const { context, page, errors } = await openRegistry();

    const dialog = await openProfile(page, profile.name);
    await dialog.locator('.incident-list__item').first().waitFor();
    expect(await dialog.locator('.incident-list__item').count()).toBe(incidents);
    expect(await dialog.getByText('Medium', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText('Attachments (0)').isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, dialog);
    await shoot(page, 'profile-modal');

    await dialog.locator('.incident-list__item').first().click();
    const detail = page.getByRole('dialog', { name: `Scam Details - ${profile.name}` });
    await detail.waitFor();
    expect(await detail.getByText('Financial Impact').isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, detail);
    await shoot(page, 'scam-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true); // Escape closed only the top dialog
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when an edit request is submitted, then the server has it for staff', async () => {
    const { profile } = await scammerWithIncidents();
    const { context, page, errors } = await openRegistry();
    const bio = `Edited bio ${Date.now()}`;

    const dialog = await openProfile(page, profile.name);
    await dialog.getByRole('button', { name: 'Request Changes' }).click();
    const edit = page.getByRole('dialog', { name: `Submit Changes for ${profile.name}` });
    await edit.waitFor();
    await edit.getByLabel('Bio', { exact: true }).fill(bio);
    await expectNoSidewaysScroll(page, edit);
    await shoot(page, 'edit-dialog');
    await edit.getByRole('button', { name: 'Submit Changes' }).click();

    await dialog.getByText('Edit request submitted successfully!').waitFor();
    const staff = await staffApi();
    const requests = await staff.get<EditRequest[]>(routes.editRequests.pending.path());
    const mine = requests.filter((r) => r.developer === profile.id && JSON.stringify(r.proposed_changes).includes(bio));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.case_id).toMatch(/^EDITREQ-\d{4}-\d{4,}$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when a removal request is submitted, then the server has it for staff', async () => {
    const { profile } = await scammerWithIncidents();
    const { context, page, errors } = await openRegistry();
    const explanation = `This case names the wrong person (${Date.now()}).`;

    const dialog = await openProfile(page, profile.name);
    await dialog.getByRole('button', { name: 'Request Removal' }).click();
    const removal = page.getByRole('dialog', { name: 'Case Removal Request' });
    await removal.waitFor();
    await removal.getByLabel('Full name').fill('Riley Example');
    await removal.getByLabel('Contact information').fill('riley@example.org');
    await removal.getByLabel('Explanation for removal').fill(explanation);
    await expectNoSidewaysScroll(page, removal);
    await shoot(page, 'removal-dialog');
    await removal.getByRole('button', { name: 'Submit Removal Request' }).click();

    await dialog.getByText('Submitted', { exact: true }).waitFor();
    const staff = await staffApi();
    const requests = await staff.get<RemovalRequest[]>(routes.removalRequests.pending.path());
    const mine = requests.filter((r) => r.explanation === explanation);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ developer: profile.id, full_name: 'Riley Example', contact_information: 'riley@example.org' });
    expect(mine[0]!.case_id).toMatch(/^BUSTR-2025-\d{4,}$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when Report an Incident is sent from a profile, then the incident waits in the staff queue', async () => {
    const { profile } = await scammerWithIncidents();
    const { context, page, errors } = await openRegistry();
    const description = `Took a deposit for a fake audit (${Date.now()})`;

    const dialog = await openProfile(page, profile.name);
    await dialog.getByRole('button', { name: 'Report an Incident' }).click();
    const add = page.getByRole('dialog', { name: 'Add Scam' });
    await add.waitFor();
    await add.getByLabel('Description').fill(description);
    await add.getByLabel('Lost amount').fill('1250.50');
    await expectNoSidewaysScroll(page, add);
    await shoot(page, 'add-scam');
    await add.getByRole('button', { name: 'Submit', exact: true }).click();
    await add.getByText('Submitted', { exact: true }).waitFor();
    await add.getByRole('button', { name: 'Done' }).click();
    await add.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true); // back on the profile

    const staff = await staffApi();
    const pending = await staff.get<PendingScam[]>(routes.incidents.pending.path());
    const mine = pending.filter((i) => i.description === description);
    expect(mine.map((i) => [i.developer, i.amount, i.currency])).toEqual([[profile.id, 1250.5, 'USD']]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the report wizard', () => {
  it('when a new scammer with two scams is reported, then the profile and both scams wait for staff', async () => {
    const { context, page, errors } = await openRegistry();
    const name = `Wizard Reporter ${Date.now()}`;
    const scams = [
      { description: 'Promised a token listing, vanished with the fee', amount: '4200' },
      { description: 'Sold fake audit reports for a presale', amount: '980.25' },
    ];

    await page.getByRole('button', { name: 'Report Person' }).click();
    const wizard = page.getByRole('dialog', { name: 'Report a person' });
    await wizard.waitFor();
    // product.md#validation: the full name is needed to leave step 1
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Step 1 of 3').waitFor();
    await wizard.getByLabel('Full name').fill(name);
    await wizard.getByLabel('Nationality').fill('Examplestan');
    await expectNoSidewaysScroll(page, wizard);
    await shoot(page, 'wizard-step1');
    await wizard.getByRole('button', { name: 'Next' }).click();

    await wizard.getByText('Step 2 of 3').waitFor();
    await wizard.getByLabel('Bio').fill('Poses as a launchpad founder on Telegram.');
    await expectNoSidewaysScroll(page, wizard);
    await shoot(page, 'wizard-step2');
    await wizard.getByRole('button', { name: 'Next' }).click();

    await wizard.getByText('Step 3 of 3').waitFor();
    for (const scam of scams) {
      await wizard.getByRole('button', { name: 'Add a scam' }).click();
      const editor = page.getByRole('dialog', { name: 'Add Scam' });
      await editor.waitFor();
      await editor.getByLabel('Description').fill(scam.description);
      await editor.getByLabel('Lost amount').fill(scam.amount);
      await editor.getByRole('button', { name: 'Save scam' }).click();
      await editor.waitFor({ state: 'detached' });
    }
    await wizard.getByText('Scams (2)').waitFor();
    await expectNoSidewaysScroll(page, wizard);
    await shoot(page, 'wizard-step3');
    await wizard.getByRole('button', { name: 'Submit report' }).click();
    await wizard.getByText('Submitted', { exact: true }).waitFor();
    await wizard.getByRole('button', { name: 'Done' }).click();

    const staff = await staffApi();
    const { results } = await staff.get<{ results: Profile[] }>(routes.profiles.list.developer.path({ query: { is_verified: 'false', page_size: 9999 } }));
    const created = results.filter((p) => p.name === name);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ nationality: 'Examplestan', isVerified: false, verification_status: 'unverified' });
    const pending = await staff.get<PendingScam[]>(routes.incidents.pending.path());
    const theirs = pending.filter((i) => i.developer === created[0]!.id);
    expect(theirs.map((i) => [i.description, i.amount]).sort()).toEqual(
      scams.map((s) => [s.description, Number(s.amount)]).sort(),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
