// node --import tsx scripts/measure-tap-targets.ts [--shots <prefix>]
// Issue 17: lists every tap target under 44 px at phone width (390 px) on the home page, in the
// profile modal and in the report wizard (step 1 to 3), measured in Chromium against the real
// server with the demo registry. With --shots, also saves the home page at 390 and 1280 px as
// test-results/<prefix>-home-390.png and -1280.png. The browser test tests/e2e/first-paint.test.ts
// holds the same rule; this prints the whole list at once while you fix them.
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { smallTapTargets } from '../tests/e2e/support/tap-targets';
import { DEMO_SERVER_ENV, DESKTOP, PHONE, RESULTS } from '../tests/e2e/support/visits';

const { values } = parseArgs({ options: { shots: { type: 'string' } } });
const server = await startServer({ env: DEMO_SERVER_ENV });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.locator('.profile-card').first().waitFor();
  const report = (where: string, list: { what: string; width: number; height: number }[]) => {
    process.stdout.write(`\n${where}: ${list.length} under 44 px\n`);
    for (const t of list) process.stdout.write(`  ${t.width} x ${t.height}  ${t.what}\n`);
  };
  report('home page', await smallTapTargets(page));
  if (values.shots) {
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: `${RESULTS}${values.shots}-home-390.png`, fullPage: false });
    await page.setViewportSize(DESKTOP);
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${RESULTS}${values.shots}-home-1280.png`, fullPage: false });
    await page.setViewportSize(PHONE);
  }

  await page.locator('.profile-card').first().getByRole('button', { name: 'View Profile' }).click();
  const profile = page.getByRole('dialog').first();
  await profile.waitFor();
  await page.waitForTimeout(500);
  report('profile modal', await smallTapTargets(page));
  await page.keyboard.press('Escape');
  await profile.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Report Person' }).click();
  const wizard = page.getByRole('dialog', { name: 'Report a person' });
  await wizard.waitFor();
  report('report wizard, step 1', await smallTapTargets(page));
  await wizard.getByLabel('Full name').fill('Tap Target Check');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByText('Step 2 of 3').waitFor();
  report('report wizard, step 2', await smallTapTargets(page));
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByText('Step 3 of 3').waitFor();
  report('report wizard, step 3', await smallTapTargets(page));
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
