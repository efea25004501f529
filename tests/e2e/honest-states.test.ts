// Issue 19, in a real Chromium against the real server with the demo registry: what the screen
// says is what happened. A server that fails (a real 503: another connection holds the SQLite
// write lock, so the server's write times out on SQLITE_BUSY and it answers that it is busy)
// reads as a server problem with its next try, never as "offline", and the request still arrives
// once the fault is gone; a refusal shows the spec's text alone with the server's words on their
// own line; a confirmation at the bottom of a long profile is brought into view and takes focus;
// the removal checks come one at a time in the spec's order; staff see the time of a moment and
// only the day of a day. Each state is photographed at 390 and 1280 px into test-results/honest-*.png.
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RemovalRequest } from '../../shared/contract/removal-request';
import { routes } from '../../shared/contract/routes';
import { BUSY_MESSAGE } from '../../server/db/write-failure';
import { ApiClient } from './support/api';
import {
  DEMO_SERVER_ENV, PHONE, STAFF, expectNoSidewaysScroll, freshPage, screenshots, signInStaff, useBrowser, type Visit,
} from './support/visits';

// the limits on: under the held lock (below) the write counter does not wait (server/http/limit-store.ts),
// so a write waits out SQLite's busy timeout once, for its own write, before the 503 arrives
const rig = useBrowser({ env: DEMO_SERVER_ENV });
const shoot = screenshots('honest-');

let made = 0;
const stamp = () => `${(made += 1)}-${Date.now() % 100_000}`;

function staffApi(): Promise<ApiClient> {
  return ApiClient.signedIn(rig.server.url, STAFF.username, STAFF.password);
}

/** A scammer reported with several incidents and published by staff, so its profile is long. */
async function longPublishedScammer(label: string): Promise<{ id: number; name: string }> {
  const name = `${label} ${stamp()}`;
  const visitor = await ApiClient.visitor(rig.server.url);
  const { id } = await visitor.post<{ id: number }>(routes.profiles.create.developer.path(), {
    name, bio: 'Sells fake presale allocations to people met in trading groups, then vanishes with the deposits.',
  });
  const staff = await staffApi();
  await staff.post(routes.profiles.verify.developer.path({ id }));
  for (let i = 1; i <= 4; i++) {
    await visitor.post(routes.incidents.submit.developer.path({ id }), {
      description: `Took a deposit of ${i * 700} USDT for a presale that never opened; the group was deleted the next day.`,
      lostAmount: String(i * 700), currency: 'USDT', scamDate: `2025-0${i}-1${i}`,
    });
  }
  const pending = await staff.get<{ id: number; developer: number | null }[]>(routes.incidents.pending.path());
  for (const incident of pending.filter((p) => p.developer === id)) await staff.post(routes.incidents.approve.path({ id: incident.id }));
  return { id, name };
}

/** A fresh context on the registry, the replica loaded. */
async function openRegistry(viewport = PHONE): Promise<Visit> {
  const visit = await freshPage(rig.browser, viewport);
  await visit.page.goto(`${rig.server.url}/`);
  await visit.page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
  return visit;
}

async function openProfile(page: Page, name: string): Promise<Locator> {
  await page.getByLabel('Search the registry').fill(name);
  const card = page.locator('.profile-card', { has: page.getByRole('heading', { name, exact: true }) });
  await card.getByRole('button', { name: 'View Profile' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}

/** Whether the element has focus and is inside the visible part of the dialog's scrolling body. */
async function inViewWithFocus(element: Locator, dialog: Locator): Promise<{ focused: boolean; inView: boolean }> {
  const body = await dialog.locator('.modal__body').boundingBox();
  const box = await element.boundingBox();
  const focused = await element.evaluate((el) => el === document.activeElement);
  const inView = Boolean(body && box && box.y >= body.y - 1 && box.y + Math.min(box.height, 40) <= body.y + body.height + 1);
  return { focused, inView };
}

/** Holds SQLite's write lock from another connection, as a stuck job or a backup would: the server's writes answer 503 (busy). */
function lockDatabase(): { release(): void } {
  const locker = new Database(rig.server.databasePath);
  locker.exec('BEGIN EXCLUSIVE');
  return {
    release() {
      if (locker.inTransaction) locker.exec('ROLLBACK');
      locker.close();
    },
  };
}

describe('a confirmation where the person is looking', () => {
  it('when an edit request is sent from the bottom of a long profile, then the confirmation is in view and has focus', async () => {
    const { name } = await longPublishedScammer('Bottom Scroller');
    const { context, page, errors } = await openRegistry();
    const dialog = await openProfile(page, name);
    await dialog.locator('.incident-list__item').nth(3).waitFor();
    await dialog.locator('.modal__body').evaluate((el) => { el.scrollTop = el.scrollHeight; });
    expect(await dialog.locator('.modal__body').evaluate((el) => el.scrollTop)).toBeGreaterThan(300);

    await dialog.getByRole('button', { name: 'Request Changes' }).click();
    const edit = page.getByRole('dialog', { name: `Submit Changes for ${name}` });
    await edit.waitFor();
    await edit.getByLabel('Bio', { exact: true }).fill(`Now sells fake audits (${stamp()}).`);
    await edit.getByRole('button', { name: 'Submit Changes' }).click();

    const message = dialog.locator('.profile-message');
    await message.getByText('Edit request submitted successfully!', { exact: true }).waitFor();
    await expect.poll(() => inViewWithFocus(message, dialog)).toEqual({ focused: true, inView: true });
    await expectNoSidewaysScroll(page, dialog);
    await shoot(page, 'edit-confirmed');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a server that fails is not "offline"', () => {
  it('when the removal request meets a 503 (busy) while online, then it says the server had a problem and when it retries, and it arrives once the fault is gone', async () => {
    const { id, name } = await longPublishedScammer('Server Fault');
    const { context, page, errors } = await openRegistry();
    const explanation = `The debt was repaid (${stamp()}).`;
    const dialog = await openProfile(page, name);
    await dialog.getByRole('button', { name: 'Request Removal' }).click();
    const removal = page.getByRole('dialog', { name: 'Case Removal Request' });
    await removal.getByLabel('Full name').fill('Riley Example');
    await removal.getByLabel('Contact information').fill('riley@example.org');
    await removal.getByLabel('Explanation for removal').fill(explanation);

    const lock = lockDatabase();
    try {
      await removal.getByRole('button', { name: 'Submit Removal Request' }).click();

      const message = dialog.locator('.profile-message');
      await message.getByText('Saved, but not sent yet: the server had a problem.', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await message.getByText(/^We will try again (in a few seconds \(at \d{1,2}:\d{2} [AP]M\)|at \d{1,2}:\d{2} [AP]M)\./).isVisible()).toBe(true);
      expect(await message.getByText(`The server said: ${BUSY_MESSAGE}`, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText(/back online/).count()).toBe(0);
      await expect.poll(() => inViewWithFocus(message, dialog)).toEqual({ focused: true, inView: true });
      await shoot(page, 'removal-server-problem');

      // the pending list says the same, with the server's words
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: '1 pending' }).click();
      const list = page.getByRole('dialog', { name: 'Waiting to be sent' });
      await list.getByText('Server problem', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await list.getByText(/^The server had a problem\. We will try again/).count()).toBe(1);
      await shoot(page, 'pending-server-problem');
    } finally {
      lock.release();
    }

    // the fault is gone: the outbox's next try (or Send now) delivers it, once
    const list = page.getByRole('dialog', { name: 'Waiting to be sent' });
    await list.getByRole('button', { name: 'Send now' }).click({ timeout: 10_000 }).catch(() => undefined);
    await list.getByText('Everything has been sent.').waitFor({ timeout: 60_000 });
    const staff = await staffApi();
    const mine = (await staff.get<RemovalRequest[]>(routes.removalRequests.pending.path())).filter((r) => r.explanation === explanation);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ developer: id });
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});

describe('Add Scam when the server fails', () => {
  it('when the incident meets a 503 (busy) while online, then the form says the server had a problem and when it retries, with focus on it', async () => {
    const { name } = await longPublishedScammer('Incident Fault');
    const { context, page, errors } = await openRegistry();
    const dialog = await openProfile(page, name);
    await dialog.getByRole('button', { name: 'Report an Incident' }).click();
    const add = page.getByRole('dialog', { name: 'Add Scam' });
    await add.waitFor();
    await add.getByLabel('Description').fill(`Took a deposit for a fake audit (${stamp()})`);
    await add.getByLabel('Lost amount').fill('1250.50');

    const lock = lockDatabase();
    try {
      await add.getByRole('button', { name: 'Submit', exact: true }).click();
      const outcome = add.locator('.report-outcome');
      await outcome.getByText('Saved, but not sent yet: the server had a problem.', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await outcome.getAttribute('role')).toBe('alert');
      expect(await outcome.getByText(/^We will try again /).isVisible()).toBe(true);
      expect(await outcome.getByText(`The server said: ${BUSY_MESSAGE}`, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText(/back online/).count()).toBe(0);
      expect(await outcome.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectNoSidewaysScroll(page, add);
      await shoot(page, 'add-scam-server-problem');
    } finally {
      lock.release();
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});

describe('the spec\'s texts stand alone', () => {
  it('when the server refuses an edit request, then "Failed to submit edit request." is a line of its own, the server\'s words another, and it has focus', async () => {
    const { id, name } = await longPublishedScammer('Refused Edit');
    const { context, page, errors } = await openRegistry();
    const dialog = await openProfile(page, name);
    await dialog.getByRole('button', { name: 'Request Changes' }).click();
    const edit = page.getByRole('dialog', { name: `Submit Changes for ${name}` });
    await edit.waitFor();
    // staff take the profile down after this device synced it: the server refuses with 404
    await (await staffApi()).post(routes.profiles.reject.developer.path({ id }));
    await edit.getByLabel('Nationality').fill('Examplian');
    await edit.getByRole('button', { name: 'Submit Changes' }).click();

    const failure = edit.locator('.profile-form__failure');
    await failure.waitFor();
    expect(await failure.locator('.profile-form__failure-text').textContent()).toBe('Failed to submit edit request.');
    expect(await failure.locator('.profile-form__failure-reason').textContent()).toMatch(/^The server said: .*not found/i);
    expect(await failure.getAttribute('role')).toBe('alert');
    expect(await failure.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoSidewaysScroll(page, edit);
    await shoot(page, 'edit-refused');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('removal checks in the spec\'s order', () => {
  it('when the form is sent empty, then only the name\'s message shows and its field has focus; then the contact\'s, then the explanation\'s', async () => {
    const { name } = await longPublishedScammer('Removal Order');
    const { context, page, errors } = await openRegistry();
    const dialog = await openProfile(page, name);
    await dialog.getByRole('button', { name: 'Request Removal' }).click();
    const removal = page.getByRole('dialog', { name: 'Case Removal Request' });
    const submit = removal.getByRole('button', { name: 'Submit Removal Request' });
    const shown = () => removal.locator('.field-hint--problem, [role="alert"]').allTextContents();
    const focusedLabel = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '');

    await submit.click();
    await expect.poll(shown).toEqual(['Please enter your full name.']);
    expect(await focusedLabel()).toMatch(/^Full name/);
    await expectNoSidewaysScroll(page, removal);
    await shoot(page, 'removal-first-problem');

    await removal.getByLabel('Full name').fill('Riley Example');
    await submit.click();
    await expect.poll(shown).toEqual(['Please provide your contact information.']);
    expect(await focusedLabel()).toMatch(/^Contact information/);

    await removal.getByLabel('Contact information').fill('riley@example.org');
    await submit.click();
    await expect.poll(shown).toEqual(['Please provide an explanation for the removal request.']);
    expect(await focusedLabel()).toMatch(/^Explanation for removal/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('admin dates', () => {
  it('when staff read the queue, then every card\'s moment shows hour and minute, and an incident\'s Occurred its day alone', async () => {
    const { id, name } = await longPublishedScammer('Dated Report');
    const visitor = await ApiClient.visitor(rig.server.url);
    await visitor.post(routes.incidents.submit.developer.path({ id }), {
      description: 'Sold a fake audit.', lostAmount: '900', currency: 'USD', scamDate: '2025-03-14',
    });
    const visit = await freshPage(rig.browser, PHONE);
    const { context, page, errors } = visit;
    await page.goto(`${rig.server.url}/accounts/login/`);
    await signInStaff(page);
    await page.goto(`${rig.server.url}/adminpanel/`);
    await page.getByRole('list', { name: 'Requests awaiting review' }).waitFor();

    // the demo's queue and the new report alike: "Submitted Jun 12, 2025, 3:41 PM by …"
    const lines = await page.locator('.admin-card').getByText(/^Submitted /).allTextContents();
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(line).toMatch(/^Submitted [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M by /);
    await shoot(page, 'admin-cards');

    const card = page.locator('.admin-card', { has: page.getByRole('heading', { name, exact: true }) });
    await card.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: /^New Scammer Scam #\d+$/ });
    await details.waitFor();
    const field = (label: string) => details.locator('.admin-fields__row', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
    expect(await field('Occurred').textContent()).toBe('Mar 14, 2025');
    expect(await field('Reported').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    await shoot(page, 'admin-dates');
    expect(errors).toEqual([]);
    await context.close();
  });
});
