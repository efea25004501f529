// `npm ci` refuses a lock file that no longer satisfies package.json. A dependency that some
// package asks for by a dist-tag ("latest", "next") is satisfied only until the tag moves: the
// lock that installed yesterday fails today (it did: lighthouse's trace engine asks for
// third-party-web@latest, and CI's clean install broke the day 0.30.0 was published).
// Every such dependency is pinned in package.json's "overrides" to the version the lock holds.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockPackage { version?: string; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string> }

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { overrides?: Record<string, string> };
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as { packages: Record<string, LockPackage> };

/** A range that names a tag instead of versions: letters only, not a URL, alias or file path. */
const isDistTag = (range: string) => /^[a-z][a-z0-9-]*$/i.test(range) && range !== 'x';

function taggedDependencies(): Array<{ from: string; name: string; tag: string }> {
  const found: Array<{ from: string; name: string; tag: string }> = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const deps of [entry.dependencies, entry.optionalDependencies]) {
      for (const [name, range] of Object.entries(deps ?? {})) if (isDistTag(range)) found.push({ from: path || '(root)', name, tag: range });
    }
  }
  return found;
}

describe('lock file pins', () => {
  it('finds the tagged dependencies it is about (the check can fail)', () => {
    expect(taggedDependencies().map((d) => d.name)).toContain('third-party-web');
  });

  it('pins every dependency asked for by a dist-tag to the version the lock installs', () => {
    for (const { from, name, tag } of taggedDependencies()) {
      const locked = lock.packages[`node_modules/${name}`]?.version;
      expect(locked, `${from} asks for ${name}@${tag}, which the lock does not install`).toBeDefined();
      expect(pkg.overrides?.[name], `${from} asks for ${name}@${tag}: pin it in package.json "overrides" to ${locked}`).toBe(locked);
    }
  });
});
