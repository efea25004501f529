// Identifiers as people paste them, typed into the registry's search box in a real Chromium with
// the demo registry (server/demo/lookups.ts): every pasted form of a listed identifier finds the
// profile holding it, online and offline, and a value one character off finds nothing.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_LOOKUPS, DEMO_MISSES } from '../../server/demo/lookups';
import { DEMO_SERVER_ENV, DESKTOP, freshPage, screenshots, useBrowser } from './support/visits';

const rig = useBrowser({ env: DEMO_SERVER_ENV });
const shoot = screenshots('identifier-search-');

const searchBox = (page: Page) => page.getByLabel('Search the registry');
const cardNames = (page: Page) => page.locator('.profile-card h3, .profile-card [role="heading"]').allTextContents();
const TABS = { developer: 'Scammers', project: 'Projects' } as const;
const NOTHING = 'qqqqzzzzxxxx';

/** Shows a kind's tab and searches `text` (from a search that finds nothing, so no card is stale). */
async function search(page: Page, kind: 'developer' | 'project', text: string): Promise<void> {
  await page.getByRole('button', { name: TABS[kind], exact: true }).click();
  // first a search that finds nothing, so the cards read below are never the last search's
  await searchBox(page).fill(NOTHING);
  await searchBox(page).press('Enter');
  await page.locator('.registry__empty').waitFor();
  await searchBox(page).fill(text);
  await searchBox(page).press('Enter');
  // the address follows the search once the store has it (client/app/registry-url.ts)
  await page.waitForFunction((q) => new URLSearchParams(location.search).get('q') === q, text);
}

async function openRegistry(page: Page): Promise<void> {
  await page.goto(rig.server.url);
  await page.locator('.profile-card').first().waitFor({ timeout: 60_000 });
}

describe('identifiers typed as they were pasted', () => {
  it('when any pasted form of a listed identifier is searched, online and then offline, then its profile is found', async () => {
    const { context, page, errors } = await freshPage(rig.browser, DESKTOP);
    await openRegistry(page);

    for (const online of [true, false]) {
      await context.setOffline(!online);
      for (const lookup of DEMO_LOOKUPS) {
        for (const pasted of lookup.pasted) {
          await search(page, lookup.profileKind, pasted);
          await expect.poll(() => cardNames(page), { message: `${pasted} (${online ? 'online' : 'offline'})`, timeout: 10_000 })
            .toContain(lookup.profile);
        }
      }
    }
    await shoot(page, 'found-offline-1280');
    expect(errors).toEqual([]);
    await context.close();
    // every pasted form of every demo lookup, twice: about 60 searches through the whole app,
    // which took over the e2e default of 60 s on a loaded machine
  }, 180_000);

  it('when a phone number or a wallet one character off a listed one is searched, then that profile is not found', async () => {
    const { context, page } = await freshPage(rig.browser, DESKTOP);
    await openRegistry(page);

    for (const miss of DEMO_MISSES) {
      const holder = DEMO_LOOKUPS.find((l) => l.stored === miss.near);
      expect(holder, miss.near).toBeDefined();
      await search(page, holder!.profileKind, miss.pasted);
      // a search answers in milliseconds: what shows after a second is its answer
      await page.waitForTimeout(1_000);
      await page.locator('.registry__count, .registry__empty').first().waitFor();
      expect(await cardNames(page), miss.pasted).not.toContain(holder!.profile);
    }
    await context.close();
  });
});
