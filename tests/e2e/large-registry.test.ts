// A registry large enough for the search worker's helper (decision 016): in a real Chromium, the
// first sync of 6,000 profiles is indexed with a nested helper worker tokenising its texts, and a
// search for part of a wallet address (the trigram lists the helper made) finds its profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/contract/profile';
import { ApiClient } from './support/api';
import { type RunningServer } from './support/server';
import { startSeededServer } from './support/seeded-server';
import { PHONE, freshPage, searchFor, useBrowser } from './support/visits';
import { routes } from '../../shared/contract/routes';

// above client/local/search/engine.ts HELPED_BUILD_MIN (5,000; not imported: that module is the worker's)
const PROFILES = 6_000;

const rig = useBrowser();
let server: RunningServer;

beforeAll(async () => {
  server = await startSeededServer(PROFILES);
});

afterAll(async () => {
  await server?.stop();
});

describe(`a registry of ${PROFILES} profiles`, () => {
  it('when the first sync is indexed, then a helper worker tokenises its texts and a wallet address part finds its profile', async () => {
    const api = await ApiClient.visitor(server.url);
    const { results } = await api.get<{ results: Profile[] }>(routes.profiles.list.developer.path({ query: { page_size: 50 } }));
    const owner = results.find((p) => p.walletAddresses.some((w) => w.length >= 30))!;
    const wallet = owner.walletAddresses.find((w) => w.length >= 30)!;
    const part = wallet.slice(11, 23); // (from the middle: found through the trigram lists only)

    const { context, page, errors } = await freshPage(rig.browser, PHONE);
    const workers: string[] = [];
    const warnings: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    page.on('console', (message) => { if (message.type() === 'warning') warnings.push(message.text()); });

    await page.goto(`${server.url}/`);
    await page.locator('.profile-card').first().waitFor({ timeout: 30_000 });
    // the server answers until the replica is complete (issue 17); then the device's own index does
    await page.locator('.registry__results[data-source="replica"]').waitFor({ timeout: 60_000 });
    // the list answering the part, not the opening one (which may show the owner by chance)
    await searchFor(page, part);
    expect(await page.locator('.registry__results').getAttribute('data-source')).toBe('replica');
    expect(await page.locator('.profile-card h3').allTextContents()).toContain(owner.name);

    expect(workers.some((url) => url.includes('token-helper'))).toBe(true);
    expect(warnings.filter((w) => w.includes('helper'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
