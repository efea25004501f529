#!/usr/bin/env node
// Builds the client into dist/ only when it is missing or older than its sources, so
// `npm start` and the browser tests stay fast on the second run. Prints one line.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const output = join(root, 'dist', 'index.html');
const SOURCE_DIRS = ['client', 'shared', 'public'];
const SOURCE_FILES = ['vite.config.ts', 'package.json', 'package-lock.json', 'scripts/ensure-client-build.mjs'];

/** The most recently modified source file, as [path, mtimeMs]. */
function newestSource() {
  let newest = ['', 0];
  const consider = (path) => {
    const mtime = statSync(path).mtimeMs;
    if (mtime > newest[1]) newest = [path, mtime];
  };
  for (const dir of SOURCE_DIRS) {
    const abs = join(root, dir);
    if (!existsSync(abs)) continue;
    for (const entry of readdirSync(abs, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) consider(join(entry.parentPath, entry.name));
    }
  }
  for (const file of SOURCE_FILES) if (existsSync(join(root, file))) consider(join(root, file));
  return newest;
}

function reasonToBuild() {
  if (!existsSync(output)) return 'dist/index.html is missing';
  const [path, mtime] = newestSource();
  if (mtime > statSync(output).mtimeMs) return `${relative(root, path)} changed`;
  return null;
}

const reason = reasonToBuild();
if (!reason) {
  console.log('client build: dist/ is up to date');
} else {
  const started = performance.now();
  // Always a production build, whatever NODE_ENV the caller has: vitest sets 'test', which
  // gives React's development build and import.meta.env.PROD === false (no service worker).
  process.env.NODE_ENV = 'production';
  // Imported only when needed: loading Vite takes longer than the check above.
  const { build } = await import('vite');
  try {
    await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  } catch (error) {
    // Vite has already printed the details; say what failed and stop `npm start` here.
    console.error(`client build: failed (${reason}): ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`client build: built dist/ in ${seconds} s (${reason})`);
}
