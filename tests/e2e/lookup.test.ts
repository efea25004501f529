// Identifier lookup in a real Chromium against the real server with the demo registry (issue 16):
// every pasted form of server/demo/lookups.ts DEMO_LOOKUPS typed into the search box finds its
// profile, online and, after a reload with the network off, from the replica alone; each of
// DEMO_LOOKALIKES is a warning naming its listed profile, never a card; DEMO_MISSES (one
// character off) find nothing; a project's wallet typed among scammers says where it is listed.
// Each state is photographed at phone and desktop width into test-results/lookup-*.png.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_LOOKALIKES, DEMO_LOOKUPS, DEMO_MISSES } from '../../server/demo/lookups';
import { COINHAVEN } from '../../server/demo/showcase';
import { DEMO_SERVER_ENV, DESKTOP, expectNoSidewaysScroll, freshPage, screenshots, searchFor as search, useBrowser } from './support/visits';

// client/features/registry/RegistryPage.tsx EMPTY_TEXT (product.md#screens), not imported: that module loads the app's styles
const EMPTY_TEXT = 'No scammer profiles found matching your criteria';
const TAB: Record<'developer' | 'project', string> = { developer: 'Scammers', project: 'Projects' };
// ~70 forms, each a search, twice (online, then offline)
const ALL_FORMS_TIMEOUT_MS = 240_000;

const rig = useBrowser({ env: DEMO_SERVER_ENV });
const shoot = screenshots('lookup-');

/** The registry, controlled by the service worker (so it reloads offline), with its first cards. */
async function openRegistry(page: Page): Promise<void> {
  await page.goto(`${rig.server.url}/`);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
}

/** Shows a kind's tab. */
async function showKind(page: Page, kind: 'developer' | 'project'): Promise<void> {
  const tab = page.getByRole('button', { name: TAB[kind], exact: true });
  if ((await tab.getAttribute('aria-pressed')) !== 'true') await tab.click();
}


/** Photographs the page scrolled to its search box (below the sticky header), so the query and its answer show together at 390 px. */
async function shootResults(page: Page, name: string): Promise<void> {
  await page.locator('.registry__search-row').evaluate((row) => {
    const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    window.scrollTo({ top: row.getBoundingClientRect().top + window.scrollY - header - 12 });
  });
  await shoot(page, name);
}

function cardNames(page: Page): Promise<string[]> {
  return page.locator('.profile-card h3').allTextContents();
}

/** Every pasted form finds its profile's card, which says an identifier matched. */
async function everyFormFinds(page: Page): Promise<string[]> {
  const missed: string[] = [];
  for (const lookup of DEMO_LOOKUPS) {
    await showKind(page, lookup.profileKind);
    for (const pasted of lookup.pasted) {
      await search(page, pasted);
      const card = page.locator('.profile-card', { has: page.getByRole('heading', { name: lookup.profile, exact: true }) });
      const matched = (await card.count()) === 1 ? await card.locator('.profile-card__matched').textContent() : null;
      if (!matched?.startsWith('Matched ')) missed.push(`${lookup.kind} ${JSON.stringify(pasted)}`);
    }
  }
  return missed;
}

describe('identifier lookup with the demo registry', () => {
  it('when any pasted form of a listed identifier is searched, online and then offline, then it finds its profile and says which identifier matched', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await openRegistry(page);

    expect(await everyFormFinds(page)).toEqual([]);
    await showKind(page, 'developer');
    await search(page, 't.me/aldric_web302');
    await shootResults(page, 'match');
    await expectNoSidewaysScroll(page);

    await context.setOffline(true);
    await page.reload();
    await page.locator('header').getByText('Offline', { exact: true }).waitFor();
    await page.locator('.profile-card').first().waitFor();
    expect(await everyFormFinds(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, ALL_FORMS_TIMEOUT_MS);

  it('when a value one character off a listed one is searched, then nothing is found and the page says what was checked', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await openRegistry(page);
    for (const miss of DEMO_MISSES) {
      for (const kind of ['developer', 'project'] as const) {
        await showKind(page, kind);
        await search(page, miss.pasted);
        expect(await cardNames(page)).toEqual([]);
        expect(await page.getByText(EMPTY_TEXT).count()).toBe(1);
      }
      expect(await page.getByText(/^No listed profile has this/).count()).toBe(1);
    }
    await showKind(page, 'developer');
    await search(page, DEMO_MISSES[0]!.pasted);
    await page.getByText('Not being listed here is not proof that it is safe', { exact: false }).waitFor();
    await shootResults(page, 'no-match');
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when the identifier searched for is not valid, then the no-match text comes first and is followed by what is wrong with it', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await openRegistry(page);
    // a Bitcoin address one character off a listed one: its bech32 checksum fails
    const miss = DEMO_MISSES.find((m) => m.kind === 'btc')!;
    await search(page, miss.pasted);
    const empty = page.locator('.registry__empty');
    expect(await empty.locator('p').first().textContent()).toBe(EMPTY_TEXT);
    expect(await empty.locator('.registry__checked').textContent()).toBe('No listed profile has this Bitcoin wallet address.');
    expect(await empty.locator('.registry__invalid').allTextContents()).toEqual([
      '⚠ Not a valid Bitcoin wallet address. The checksum does not match: a character was probably mistyped or changed.',
    ]);
    await shootResults(page, 'invalid-identifier');
    await expectNoSidewaysScroll(page);

    // a valid one listed nowhere: nothing is said to be wrong with it
    await search(page, DEMO_MISSES.find((m) => m.kind === 'evm')!.pasted);
    await empty.locator('.registry__checked').waitFor();
    expect(await empty.locator('.registry__invalid').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when a lookalike of a listed domain, handle or name is searched, then a warning names the listed profile, and opens it', async () => {
    const { context, page, errors } = await freshPage(rig.browser, DESKTOP);
    await openRegistry(page);
    const warning = page.getByRole('region', { name: /looks like a listed profile/ });
    for (const lookalike of DEMO_LOOKALIKES) {
      await search(page, lookalike.pasted);
      await warning.waitFor();
      const text = await warning.textContent();
      expect(text, lookalike.pasted).toContain(`looks like`);
      expect(text, lookalike.pasted).toContain(lookalike.profile);
      // a name is named once: "looks like the name of CoinHaven", not "CoinHaven, the name of CoinHaven"
      if (lookalike.kind === 'name') expect(text, lookalike.pasted).toContain(`looks like the name of ${lookalike.profile}, listed under`);
      // never passed off as a match
      expect(await cardNames(page), lookalike.pasted).not.toContain(lookalike.profile);
    }
    await search(page, 'c0inhaven.example');
    await warning.waitFor();
    await shootResults(page, 'lookalike');
    await expectNoSidewaysScroll(page);
    await warning.getByRole('button', { name: `Open ${COINHAVEN.name}` }).click();
    await page.getByRole('dialog', { name: COINHAVEN.name }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when a project wallet is typed on the Scammers tab, then the page says it is listed under Projects, and Show lists it', async () => {
    const { context, page, errors } = await freshPage(rig.browser);
    await openRegistry(page);
    await showKind(page, 'developer');
    await search(page, COINHAVEN.wallet_addresses[0]!);
    expect(await cardNames(page)).toEqual([]);
    await page.getByText('Listed under Projects: 1 profile').waitFor();
    await shootResults(page, 'other-kind');
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Show Projects' }).click();
    await expect.poll(() => cardNames(page)).toEqual([COINHAVEN.name]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
