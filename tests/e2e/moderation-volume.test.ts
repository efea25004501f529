// Moderation at volume in the real built app (issue 18; docs/design.md#moderation): a moderator
// working down the queue keeps their place after a decision, and a bulk rejection is picked,
// confirmed and done, on a phone.
import { describe, expect, it } from 'vitest';
import { DEMO_SERVER_ENV, PHONE, freshPage, screenshots, signInStaff, useBrowser } from './support/visits';

const rig = useBrowser({ env: DEMO_SERVER_ENV });
const shoot = screenshots('moderation-');

async function openPanel() {
  const visit = await freshPage(rig.browser, PHONE);
  await visit.page.goto(`${rig.server.url}/accounts/login/`);
  await signInStaff(visit.page);
  await visit.page.goto(`${rig.server.url}/adminpanel/`);
  await visit.page.getByRole('list', { name: 'Requests awaiting review' }).waitFor();
  return visit;
}

describe('the admin panel at volume', () => {
  it('when a moderator decides a card far down the queue, then the page keeps its place instead of jumping to the top', async () => {
    const { context, page } = await openPanel();
    const cards = page.locator('.admin-card');
    const farDown = cards.nth(12);
    await farDown.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(1000);
    const count = await cards.count();
    const scam = page.locator('.admin-card', { has: page.locator('.admin-kind', { hasText: /^New (Scammer|Project) Scam$/ }) }).nth(6);
    await scam.scrollIntoViewIfNeeded();
    const at = await page.evaluate(() => window.scrollY);
    await scam.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    const question = page.getByRole('alertdialog', { name: 'Reject this scam report?' });
    await question.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => cards.count()).toBe(count - 1);
    const after = await page.evaluate(() => window.scrollY);
    expect(Math.abs(after - at)).toBeLessThan(400);
    await shoot(page, 'kept-place');
    await context.close();
  });

  it('when an edit request opens, then each change reads its value now beside the proposed one, and a refusal can carry a reason', async () => {
    const { context, page } = await openPanel();
    await page.getByRole('button', { name: /^Edit Scammer \d/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Edit Scammer \d/ }).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    const card = page.locator('.admin-card', { has: page.locator('.admin-kind', { hasText: /^Edit Scammer$/ }) }).first();
    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    const compare = dialog.locator('.admin-compare__row').first();
    await compare.waitFor();
    expect(await compare.locator('.admin-compare__tag').allTextContents()).toEqual(['Now', 'Proposed']);
    await shoot(page, 'edit-compare');
    await dialog.getByRole('button', { name: 'Cancel Changes' }).click();
    const question = page.getByRole('alertdialog', { name: 'Cancel these changes?' });
    await question.getByRole('textbox', { name: 'Reason (optional)' }).fill('The proposed bio names the wrong person.');
    await shoot(page, 'reason');
    await question.getByRole('button', { name: 'Go back' }).click();
    await context.close();
  });

  it('when two cards are picked and Reject selected is confirmed, then both leave the queue', async () => {
    const { context, page } = await openPanel();
    const cards = page.locator('.admin-card');
    const count = await cards.count();
    await cards.nth(0).getByRole('checkbox').check();
    await cards.nth(1).getByRole('checkbox').check();
    const bar = page.getByRole('group', { name: 'Selected requests' });
    await expect.poll(() => bar.textContent()).toMatch(/2 requests selected/);
    await shoot(page, 'bulk-selected');
    await bar.getByRole('button', { name: 'Reject selected' }).click();
    const question = page.getByRole('alertdialog', { name: 'Reject 2 requests?' });
    await question.getByRole('button', { name: 'Reject selected' }).click();
    await page.getByText('Rejected 2 requests.').waitFor();
    await expect.poll(() => cards.count()).toBe(count - 2);
    await context.close();
  });
});
