// Report-time checks (issue 16, step 6) in a real Chromium, offline after the first visit: an
// identifier that is not valid for its kind is warned about under it and still queued and sent
// as entered; text typed in a list field but not added is asked about before it could be lost;
// the final step lists the identifiers to be sent. The warnings, the question and the final
// step are photographed at phone and desktop width into test-results/report-checks-*.png.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PendingScam } from '../../shared/contract/admin';
import type { Profile } from '../../shared/contract/profile';
import { routes } from '../../shared/contract/routes';
import { ApiClient } from './support/api';
import { DEMO_SERVER_ENV, STAFF, expectNoSidewaysScroll, freshPage, screenshots, useBrowser } from './support/visits';

const rig = useBrowser({ env: DEMO_SERVER_ENV });
const shoot = screenshots('report-checks-');

// client/features/report/messages.ts and pending-text.tsx; not imported, as they are client code
const QUEUED = 'Saved. It will be sent when you are back online.';
const QUESTION = 'Add what you typed?';
// EIP-55's example address with its last letter's case flipped: the checksum fails
const WALLET_TYPO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
// BIP-173's example P2WPKH address
const BECH32 = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const PHONE_NO_COUNTRY = '0491 570 159';

/** The first visit: the shell is precached and controlled by the worker, and the replica is filled. */
async function firstVisit(page: Page) {
  await page.goto(`${rig.server.url}/`);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
}

/** Pastes a value into a list field and presses Enter. */
async function addTo(dialog: Locator, label: string, value: string) {
  const input = dialog.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Enter');
}

async function openWizardOnStep3(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Report Person' }).click();
  const wizard = page.getByRole('dialog', { name: 'Report a person' });
  await wizard.getByLabel('Full name').fill(name);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByText('Step 3 of 3').waitFor();
  return wizard;
}

describe('report-time checks, offline', () => {
  it('when a wallet fails its checksum, then it is warned about under it, and the report is still queued and sent with it as entered', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await firstVisit(page);
    await context.setOffline(true);
    const name = `Checksum Reporter ${Date.now()}`;

    const wizard = await openWizardOnStep3(page, name);
    await wizard.getByRole('button', { name: 'Add a scam' }).click();
    const scam = page.getByRole('dialog', { name: 'Add Scam' });
    await scam.getByLabel('Description').fill('Paid a fake broker to the address they sent');
    await scam.getByLabel('Lost amount').fill('2500');
    await addTo(scam, 'Wallet addresses', WALLET_TYPO);
    await addTo(scam, 'Wallet addresses', BECH32);
    await addTo(scam, 'Phone numbers', PHONE_NO_COUNTRY);

    const wallets = scam.getByRole('list', { name: 'Wallet addresses: added values' });
    const typo = wallets.getByRole('listitem').filter({ hasText: WALLET_TYPO });
    await typo.getByText('Not a valid Ethereum wallet address.').waitFor();
    await expect.poll(() => typo.textContent()).toContain('The checksum does not match');
    expect(await wallets.getByRole('listitem').filter({ hasText: BECH32 }).textContent()).not.toContain('Not a valid');
    await scam.getByText('A phone number without its country code.').waitFor();
    await wallets.scrollIntoViewIfNeeded();
    await shoot(page, 'warnings');
    await expectNoSidewaysScroll(page, scam);

    await scam.getByRole('button', { name: 'Save scam' }).click();
    await scam.waitFor({ state: 'detached' });
    const summary = wizard.getByRole('region', { name: 'Summary of the report' });
    const ids = summary.getByRole('list', { name: 'Wallet addresses' });
    expect(await ids.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining(WALLET_TYPO), expect.stringContaining(BECH32),
    ]);
    await ids.getByText('Not a valid Ethereum wallet address.').waitFor();
    await summary.getByText('Phone numbers (1)').waitFor();
    await summary.getByText('Identifiers to be sent').scrollIntoViewIfNeeded();
    await shoot(page, 'final-step');
    await expectNoSidewaysScroll(page, wizard);

    await wizard.getByRole('button', { name: 'Submit report' }).click();
    await wizard.getByText(QUEUED).waitFor();
    await wizard.getByRole('button', { name: 'Done' }).click();

    await context.setOffline(false);
    await page.locator('header').getByRole('button', { name: /pending|attention/ }).waitFor({ state: 'detached', timeout: 30_000 });
    const staff = await ApiClient.signedIn(rig.server.url, STAFF.username, STAFF.password);
    const reported = (await staff.get<{ results: Profile[] }>(routes.profiles.list.developer.path({ query: { is_verified: 'false', page_size: 9999 } })))
      .results.filter((p) => p.name === name);
    expect(reported).toHaveLength(1);
    const incidents = (await staff.get<PendingScam[]>(routes.incidents.pending.path())).filter((i) => i.developer === reported[0]!.id);
    expect(incidents.map((i) => i.wallet_addresses)).toEqual([[WALLET_TYPO, BECH32]]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when text typed in a list field was not added, then saving asks; Add keeps it, and leaving step 1 asks too', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await firstVisit(page);
    await context.setOffline(true);

    // step 1: a language typed but not added
    await page.getByRole('button', { name: 'Report Person' }).click();
    const wizard = page.getByRole('dialog', { name: 'Report a person' });
    await wizard.getByLabel('Full name').fill(`Typed Text ${Date.now()}`);
    await wizard.getByRole('combobox', { name: 'Languages' }).fill('Examplish');
    await wizard.getByRole('button', { name: 'Next' }).click();
    let question = page.getByRole('alertdialog', { name: QUESTION });
    await question.getByText('Languages: Examplish').waitFor();
    await question.getByRole('button', { name: 'Go back' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await wizard.getByText('Step 1 of 3').count()).toBe(1);
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('Examplish');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await wizard.getByText('Step 2 of 3').waitFor();

    // a scam saved with a Telegram handle typed but not added
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Add a scam' }).click();
    const scam = page.getByRole('dialog', { name: 'Add Scam' });
    await scam.getByLabel('Description').fill('Support desk that was not one');
    await scam.getByLabel('Lost amount').fill('90');
    await scam.getByLabel('Telegram handles', { exact: true }).fill('https://t.me/refund_desk');
    await scam.getByRole('button', { name: 'Save scam' }).click();
    question = page.getByRole('alertdialog', { name: QUESTION });
    await question.getByText('Telegram handles: https://t.me/refund_desk').waitFor();
    await shoot(page, 'typed-question');
    await question.getByRole('button', { name: 'Add' }).click();

    await scam.waitFor({ state: 'detached' });
    const summary = wizard.getByRole('region', { name: 'Summary of the report' });
    await summary.getByRole('list', { name: 'Telegram handles' }).getByText('https://t.me/refund_desk').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
