// Initial JavaScript: the entry chunk and the chunks it imports statically (the modulepreload
// links Vite writes into dist/index.html), gzip-compressed, after a fresh `vite build`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BUDGETS } from './budgets';
import { figure, log, type Figure } from './figures';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');

export function buildClient(): void {
  log('building the client (vite build)');
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`vite build failed (${result.status ?? result.signal})`);
}

/** The JavaScript files dist/index.html loads before anything is shown. */
export function initialScripts(): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) files.add(m[1]!);
  return [...files];
}

export function benchBundle(): Figure[] {
  const files = initialScripts();
  let gzip = 0;
  let raw = 0;
  for (const file of files) {
    const bytes = readFileSync(join(DIST, file.replace(/^\//, '')));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  log(`initial JavaScript: ${files.join(', ')}`);
  return [
    figure('initial JavaScript (gzip)', gzip / 1024, 'KB', BUDGETS.initialJsKbGzip),
    figure('initial JavaScript (raw)', raw / 1024, 'KB'),
    figure('initial JavaScript files', files.length, 'files'),
  ];
}
