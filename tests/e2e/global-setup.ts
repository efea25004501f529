// Once before the browser tests: the server serves the built client from dist/, so build it
// when its sources changed, and fail early with the fix when Chromium is missing.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { requireChromium } from './support/browser';

export default function setup() {
  requireChromium();
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const build = spawnSync(process.execPath, ['scripts/ensure-client-build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    throw new Error(`scripts/ensure-client-build.mjs failed (${build.status ?? build.signal}); see its output above.`);
  }
}
