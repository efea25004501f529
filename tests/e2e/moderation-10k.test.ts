// The admin panel at 10k pending submissions (issue 18): the queue is paged on the server and in
// the panel, counts are the server's, and the count chips and the date range narrow the 10k.
// 10,000 pending incidents (and their two new profiles) are written straight into the database in
// one transaction before the server starts: the demo seeder makes whole profiles, far slower.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../server/db/connection';
import { nextRevision } from '../../server/db/revision';
import { startServer, type RunningServer } from './support/server';
import { DESKTOP, STAFF, freshPage, screenshots, signInStaff, useBrowser } from './support/visits';

const SCAMMER_SCAMS = 7_000;
const PROJECT_SCAMS = 3_000;
const WAITING = SCAMMER_SCAMS + PROJECT_SCAMS + 2; // and the two new profiles they are about
const MINUTE = 60_000;
// a page of five queue reads on a shared two-core machine can take over expect.poll's default second
const SLOW = { timeout: 20_000 };

const rig = useBrowser();
const shoot = screenshots('moderation-10k-');
let server: RunningServer;
let dir: string;
/** the newest 1,000 came one a minute until a minute ago; the rest over a day before (so "the last day" is exact) */
const LAST_DAY = 1_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bustr-e2e-10k-'));
  const databasePath = join(dir, 'registry.sqlite');
  const db = openDatabase(databasePath);
  const now = Date.now();
  db.transaction(() => {
    const profile = db.prepare(`INSERT INTO profiles (kind, name, verification_status, joined_date, reported_person_date, submitted_at,
        submission_kind, revision) VALUES (?, ?, 'unverified', ?, ?, ?, ?, ?) RETURNING id`);
    const at = new Date(now - 40 * 24 * HOUR).toISOString();
    const scammer = (profile.get('developer', 'Flood Scammer', at, at, at, 'NEW_DEVELOPER', nextRevision(db)) as { id: number }).id;
    const project = (profile.get('project', 'Flood Coin', at, at, at, 'NEW_PROJECT', nextRevision(db)) as { id: number }).id;
    const incident = db.prepare(`INSERT INTO incidents (profile_id, description, reported, amount, currency, verification_status)
      VALUES (?, ?, ?, ?, 'USD', 'pending')`);
    const total = SCAMMER_SCAMS + PROJECT_SCAMS;
    for (let i = 0; i < total; i++) {
      // one a minute, oldest first; three in ten a project's
      const age = total - i;
      const reported = new Date(now - age * MINUTE - (age > LAST_DAY ? 30 * HOUR : 0)).toISOString();
      const ofProject = i % 10 < 3;
      incident.run(ofProject ? project : scammer, `Flood report ${i}`, reported, 1000 + i);
    }
  })();
  db.close();
  server = await startServer({
    env: { DATABASE_PATH: databasePath, SEED_DEMO: '0', ADMIN_USERNAME: STAFF.username, ADMIN_PASSWORD: STAFF.password },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const cardTexts = (page: Page) => page.locator('.admin-card').allTextContents();
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages of requests' });

describe(`the admin panel with ${WAITING.toLocaleString('en-US')} submissions waiting`, () => {
  it('when a moderator pages through them, then each page holds 100 different ones with the server\'s counts, and a chip and a date range narrow the 10k', async () => {
    const { context, page, errors } = await freshPage(rig.browser, DESKTOP);
    await page.goto(`${server.url}/accounts/login/`);
    await signInStaff(page);
    const opened = Date.now();
    await page.goto(`${server.url}/adminpanel/`);
    await page.getByRole('list', { name: 'Requests awaiting review' }).waitFor();
    const openMs = Date.now() - opened;

    await expect.poll(() => pager(page).textContent(), SLOW).toContain(`Page 1 of 101 · requests 1–100 of ${WAITING.toLocaleString('en-US')}`);
    await page.getByText(`${WAITING.toLocaleString('en-US')} requests`).waitFor();
    const first = await cardTexts(page);
    expect(first).toHaveLength(100);
    // the two new profiles are the oldest
    expect(first.slice(0, 2).join(' ')).toMatch(/New Scammer.*Flood Scammer.*New Project.*Flood Coin/s);
    await shoot(page, 'page-1');

    const seen = new Set(first);
    for (let n = 2; n <= 4; n++) {
      await pager(page).getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => pager(page).textContent(), SLOW).toContain(`Page ${n} of 101 · requests ${(n - 1) * 100 + 1}–${n * 100} of`);
      await expect.poll(async () => (await cardTexts(page)).some((t) => seen.has(t)), SLOW).toBe(false);
      const cards = await cardTexts(page);
      expect(cards).toHaveLength(100);
      for (const text of cards) seen.add(text);
    }
    expect(seen.size).toBe(400);
    await pager(page).getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => pager(page).textContent(), SLOW).toContain('Page 3 of 101 · requests 201–300');
    await pager(page).getByRole('button', { name: 'First page' }).click();
    await expect.poll(async () => (await cardTexts(page))[0], SLOW).toBe(first[0]);

    // a count chip narrows the 10k to its kind, in the address too
    const chip = page.getByRole('button', { name: `New Project Scam ${PROJECT_SCAMS.toLocaleString('en-US')}` });
    await chip.click();
    await expect.poll(() => chip.getAttribute('aria-pressed'), SLOW).toBe('true');
    await expect.poll(() => pager(page).textContent(), SLOW).toContain(`Page 1 of 30 · requests 1–100 of ${PROJECT_SCAMS.toLocaleString('en-US')}`);
    expect(new URL(page.url()).searchParams.get('kind')).toBe('new-project-scam');
    await expect.poll(async () => new Set(await page.locator('.admin-card .admin-kind').allTextContents()), SLOW).toEqual(new Set(['New Project Scam']));

    // and the date range narrows it further; a reload keeps both
    await page.getByLabel('Submitted').selectOption('day');
    const lastDayProject = LAST_DAY * 0.3;
    await expect.poll(() => page.locator('.admin-summary__total').textContent(), SLOW)
      .toBe(`${lastDayProject} requests awaiting review of the kind New Project Scam, submitted in the last day, oldest first`);
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: /^New Project Scam/ }).getAttribute('aria-pressed'), SLOW).toBe('true');
    await expect.poll(() => page.getByLabel('Submitted').inputValue(), SLOW).toBe('day');
    await expect.poll(() => pager(page).textContent(), SLOW).toContain(`of ${lastDayProject}`);
    await shoot(page, 'filtered');

    // pressed again: every kind in the last day
    await page.getByRole('button', { name: /^New Project Scam/ }).click();
    await expect.poll(() => page.locator('.admin-summary__total').textContent(), SLOW).toMatch(new RegExp(`^${LAST_DAY.toLocaleString('en-US')} requests awaiting review, submitted in the last day`));
    expect(errors).toEqual([]);
    console.log(`admin panel at ${WAITING} waiting: first page in ${openMs} ms (noisy: a shared machine)`);
    await context.close();
  });
});
