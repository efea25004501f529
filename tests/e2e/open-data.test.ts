// Open data (issue 20) in a real Chromium against the real server with the demo registry: the API
// reference at /api/docs/ renders the description from our own origin (no request leaves it, the
// Content-Security-Policy holds) and reads at a phone's width and a desktop's.
import { describe, expect, it } from 'vitest';
import { routes } from '../../shared/contract/routes';
import { DEMO_SERVER_ENV, DESKTOP, freshPage, screenshots, useBrowser } from './support/visits';

const rig = useBrowser({ env: DEMO_SERVER_ENV });
const shoot = screenshots('open-data-');

describe('the API reference', () => {
  it('when /api/docs/ is opened, then it shows the API, its calls and exports, with nothing loaded from elsewhere', async () => {
    const { page, context, errors } = await freshPage(rig.browser, DESKTOP);
    const elsewhere: string[] = [];
    const problems: string[] = [];
    page.on('request', (req) => { if (!req.url().startsWith(rig.server.url) && !req.url().startsWith('data:')) elsewhere.push(req.url()); });
    page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
    try {
      await page.goto(`${rig.server.url}${routes.openData.docs.path()}`);
      await page.getByRole('heading', { name: /Bustr registry API/ }).waitFor();
      await page.getByText('/api/export/registry.json', { exact: true }).first().waitFor();
      expect(await page.getByText('/feed.atom', { exact: true }).count()).toBeGreaterThan(0);
      await shoot(page, 'docs');
      // an operation opens with its answers, errors included
      await page.getByText('/api/removal-requests/{id}/process/', { exact: true }).first().click();
      await page.getByText('The item is no longer in a state this can be done in', { exact: false }).first().waitFor();
      expect(elsewhere).toEqual([]);
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
