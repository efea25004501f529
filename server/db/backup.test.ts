// npm run backup (backup-cli.ts): an online copy while the app writes, and a restore from it.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count, makeTestApp, staffClient, visitor, type TestApp } from '../test-support';
import { publishedProfile, reportProfile } from '../test-flows';
import { routes } from '../../shared/contract/routes';
import { main as backup } from './backup-cli';

let t: TestApp;
let dir: string;
beforeEach(() => {
  t = makeTestApp();
  dir = mkdtempSync(join(tmpdir(), 'bustr-backup-'));
});
afterEach(() => {
  t.close();
  rmSync(dir, { recursive: true, force: true });
});
const quiet = () => {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) } };
};

describe('npm run backup', () => {
  it('when it runs while visitors keep reporting, then the copy is whole and consistent, and a server restored from it serves the registry', async () => {
    const anon = await visitor(t.app);
    const staff = await staffClient(t);
    await publishedProfile(anon, staff, 'developers', { name: 'Kept Person' });
    for (let i = 0; i < 20; i++) await reportProfile(anon, 'projects', { name: `Before ${i}` });
    const target = join(dir, 'registry-backup.sqlite');
    // writes go on while the copy is made
    const writing = Promise.all(Array.from({ length: 20 }, (_, i) => reportProfile(anon, 'projects', { name: `During ${i}` })));
    const { io, lines } = quiet();
    const code = await backup([target, '--database', t.config.DATABASE_PATH], {}, io);
    await writing;
    expect(code).toBe(0);
    expect(lines.out.join('\n')).toMatch(/^Backed up .+ to .+registry-backup\.sqlite \(\d+ pages\)\.$/);

    const copy = new Database(target, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    const copied = (copy.prepare('SELECT COUNT(*) AS n FROM profiles').get() as { n: number }).n;
    copy.close();
    expect(copied).toBeGreaterThanOrEqual(21);
    expect(copied).toBeLessThanOrEqual(count(t.db, 'profiles'));

    // restore: the backup file becomes a server's DATABASE_PATH
    const restoredPath = join(dir, 'restored.sqlite');
    copyFileSync(target, restoredPath);
    const restored = makeTestApp({ DATABASE_PATH: restoredPath });
    try {
      const list = await (await visitor(restored.app)).get(routes.profiles.list.developer.path({ query: { page_size: 9999 } }));
      expect(list.body.results.map((p: { name: string }) => p.name)).toEqual(['Kept Person']);
    } finally {
      restored.db.close();
    }
  });

  it('when the file exists already or none is named, then it refuses and writes nothing', async () => {
    const { io, lines } = quiet();
    expect(await backup([], {}, io)).toBe(2);
    expect(await backup([t.config.DATABASE_PATH, '--database', t.config.DATABASE_PATH], {}, io)).toBe(2);
    expect(lines.err.join('\n')).toMatch(/exists already/);
    expect(await backup([join(dir, 'x.sqlite'), '--database', join(dir, 'missing.sqlite')], {}, io)).toBe(1);
    expect(existsSync(join(dir, 'x.sqlite'))).toBe(false);
  });

  it('runs as a script through npm run backup', async () => {
    const target = join(dir, 'scripted.sqlite');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/db/backup-cli.ts', target], {
      env: { ...process.env, DATABASE_PATH: t.config.DATABASE_PATH }, timeout: 30_000,
    });
    expect(stdout).toMatch(/Backed up/);
    expect(existsSync(target)).toBe(true);
  }, 30_000);
});
