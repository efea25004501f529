// What the registry does with what a search did not find, and with a report of something already
// listed (issue 16, steps 4 and 6), in a real Chromium with the demo registry: "Report it" on an
// honest no-match opens the report wizard with the identifier filled in, offline too, and the
// report reaches staff with it; step 1 says when the name typed is already listed, and a scam
// can go to that profile instead of a duplicate, by its name or by one of its identifiers. The
// no-match, the wizard opened with it and the name note are photographed at phone and desktop
// width into test-results/report-it-*.png.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PendingScam } from '../../shared/contract/admin';
import type { Profile } from '../../shared/contract/profile';
import { routes } from '../../shared/contract/routes';
import { DEMO_MISSES } from '../../server/demo/lookups';
import { ALDRIC } from '../../server/demo/showcase';
import { ApiClient } from './support/api';
import { DEMO_SERVER_ENV, STAFF, expectNoSidewaysScroll, freshPage, screenshots, searchFor as search, useBrowser } from './support/visits';

const rig = useBrowser({ env: DEMO_SERVER_ENV });
const shoot = screenshots('report-it-');

// client/features/report/messages.ts; not imported, as it is client code
const QUEUED = 'Saved. It will be sent when you are back online.';
const SENT = 'Submitted';
const WALLET_MISS = DEMO_MISSES.find((m) => m.kind === 'evm')!.pasted;
const ALDRIC_BTC = ALDRIC.wallet_addresses[1]!;

/** The registry, controlled by the service worker (so it works offline), with its first cards. */
async function openRegistry(page: Page): Promise<void> {
  await page.goto(`${rig.server.url}/`);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
}


async function staffApi(): Promise<ApiClient> {
  return ApiClient.signedIn(rig.server.url, STAFF.username, STAFF.password);
}

/** The pending incidents staff see for a profile. */
async function pendingOf(profileId: number): Promise<PendingScam[]> {
  return (await (await staffApi()).get<PendingScam[]>(routes.incidents.pending.path())).filter((i) => i.developer === profileId);
}

async function aldricId(): Promise<number> {
  const visitor = await ApiClient.visitor(rig.server.url);
  const { results } = await visitor.get<{ results: Profile[] }>(routes.profiles.list.developer.path({ query: { page_size: 9999 } }));
  return results.find((p) => p.name === ALDRIC.name)!.id;
}

/** Fills the Add Scam form's two required fields. */
async function describeScam(dialog: Locator, description: string, amount: string) {
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Lost amount').fill(amount);
}

describe('Report it', () => {
  it('when a pasted wallet is listed nowhere, then Report it opens the wizard with it in Scam 1, offline, and staff receive the report with it', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await openRegistry(page);
    await context.setOffline(true);
    const name = `Wallet Owner ${Date.now()}`;

    await search(page, WALLET_MISS);
    await page.getByText('No listed profile has this Ethereum wallet address.').waitFor();
    const report = page.getByRole('button', { name: 'Report it' });
    await report.scrollIntoViewIfNeeded();
    await shoot(page, 'no-match');
    await report.click();

    const wizard = page.getByRole('dialog', { name: 'Report a person' });
    const note = wizard.getByRole('status').filter({ hasText: 'Reporting' });
    await note.waitFor();
    expect(await note.textContent()).toBe(`Reporting ${WALLET_MISS}It is filled in as Scam 1's Ethereum wallet address. Add what you know of who is behind it, then describe that scam on step 3.`);
    expect(await wizard.getByText('Step 1 of 3').count()).toBe(1);
    await shoot(page, 'prefilled');
    await expectNoSidewaysScroll(page, wizard);

    await wizard.getByLabel('Full name').fill(name);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    const scam = wizard.locator('.wizard__scam').filter({ hasText: 'Scam 1' });
    await scam.getByText('Incomplete').waitFor();
    const summary = wizard.getByRole('region', { name: 'Summary of the report' });
    await summary.getByRole('list', { name: 'Wallet addresses' }).getByText(WALLET_MISS).waitFor();
    await shoot(page, 'prefilled-step-3');

    await wizard.getByRole('button', { name: 'Edit Scam 1' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit scam' });
    await editor.getByRole('list', { name: 'Wallet addresses: added values' }).getByText(WALLET_MISS).waitFor();
    await describeScam(editor, 'Sent a deposit for an OTC trade that never came', '1800');
    await editor.getByRole('button', { name: 'Save scam' }).click();
    await editor.waitFor({ state: 'detached' });
    await wizard.getByRole('button', { name: 'Submit report' }).click();
    await wizard.getByText(QUEUED).waitFor();
    await wizard.getByRole('button', { name: 'Done' }).click();

    await context.setOffline(false);
    await page.locator('header').getByRole('button', { name: /pending|attention/ }).waitFor({ state: 'detached', timeout: 30_000 });
    const staff = await staffApi();
    const reported = (await staff.get<{ results: Profile[] }>(routes.profiles.list.developer.path({ query: { is_verified: 'false', page_size: 9999 } })))
      .results.filter((p) => p.name === name);
    expect(reported).toHaveLength(1);
    expect((await pendingOf(reported[0]!.id)).map((i) => i.wallet_addresses)).toEqual([[WALLET_MISS]]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a report of what is already listed', () => {
  it('when step 1 names a listed profile, then it says so, and the scam goes to that profile instead of a new one', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await openRegistry(page);
    const description = `Sold a course that was never given (${Date.now()})`;

    await page.getByRole('button', { name: 'Report Person' }).click();
    const wizard = page.getByRole('dialog', { name: 'Report a person' });
    await wizard.getByLabel('Full name').fill('  aldric   QUENBY ');
    const note = wizard.getByText(/is already listed/);
    await note.waitFor();
    expect(await note.textContent()).toContain(`A profile named ${ALDRIC.name} is already listed (a person).`);
    await shoot(page, 'name-note');
    await expectNoSidewaysScroll(page, wizard);

    await wizard.getByRole('button', { name: `Add a scam to ${ALDRIC.name} instead` }).click();
    const addScam = page.getByRole('dialog', { name: 'Add Scam' });
    await addScam.getByText(`A scam by ${ALDRIC.name}.`).waitFor();
    await describeScam(addScam, description, '300');
    await addScam.getByRole('button', { name: 'Submit' }).click();
    await addScam.getByText(SENT, { exact: true }).waitFor();
    await addScam.getByRole('button', { name: 'Done' }).click();

    expect((await pendingOf(await aldricId())).filter((i) => i.description === description)).toHaveLength(1);

    // the report typed so far stays on the device: Report it asks before adding to it, and keeps it
    await page.getByRole('dialog', { name: 'Report a person' }).getByRole('button', { name: 'Close' }).click();
    await wizard.waitFor({ state: 'hidden' });
    await search(page, WALLET_MISS);
    await page.getByRole('button', { name: 'Report it' }).click();
    const question = page.getByRole('alertdialog', { name: 'Add it to your report in progress?' });
    await question.getByText(`You have a report of a person in progress on this device (aldric   QUENBY), with no scams yet.`, { exact: false }).waitFor();
    await shoot(page, 'question');
    await question.getByRole('button', { name: 'Keep the report as it is' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await wizard.getByLabel('Full name').inputValue()).toBe('  aldric   QUENBY ');
    expect(await wizard.getByText('Reporting').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when a scam of a new report names a listed wallet, then the scam goes to the profile holding it instead', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await openRegistry(page);
    const description = `Paid into a "recovery" wallet (${Date.now()})`;

    await page.getByRole('button', { name: 'Report Person' }).click();
    const wizard = page.getByRole('dialog', { name: 'Report a person' });
    await wizard.getByLabel('Full name').fill(`Recovery Agent ${Date.now()}`);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Add a scam' }).click();
    const editor = page.getByRole('dialog', { name: 'Add Scam' });
    await describeScam(editor, description, '950');
    const wallets = editor.getByLabel('Wallet addresses', { exact: true });
    await wallets.fill(`bitcoin:${ALDRIC_BTC}?amount=0.05`);
    await wallets.press('Enter');

    await editor.getByRole('button', { name: `Add this scam to ${ALDRIC.name} instead` }).click();
    const target = page.getByRole('dialog', { name: 'Add Scam' });
    await target.getByText(`A scam by ${ALDRIC.name}.`).waitFor();
    expect(await target.getByLabel('Description').inputValue()).toBe(description);
    await target.getByRole('button', { name: 'Submit' }).click();
    await target.getByText(SENT, { exact: true }).waitFor();
    await target.getByRole('button', { name: 'Done' }).click();
    expect(await wizard.getByText('Scams (0)').count()).toBe(1);

    const sent = (await pendingOf(await aldricId())).filter((i) => i.description === description);
    expect(sent.map((i) => i.wallet_addresses)).toEqual([[`bitcoin:${ALDRIC_BTC}?amount=0.05`]]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
