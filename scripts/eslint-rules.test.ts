// The layer and cycle rules of eslint.config.js bite (docs/decisions/017-layers-and-cycles.md):
// probe files linted from text, as `npx eslint --stdin --stdin-filename <path>` would. A probe's
// path need not exist, except where a cycle needs a module on disk to import it back.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

/** The rules the probe breaks, by id. */
async function broken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  // a fatal message (a parse error) has no rule: the probe itself would be wrong
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.map((m) => m.ruleId ?? '');
}

const importing = (path: string) => `import * as above from '${path}';\nexport const probe = above;\n`;
const PATHS = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

describe('the server layers', () => {
  it('when a db/ module imports app.ts, then lint fails', async () => {
    expect(await broken('server/db/probe.ts', importing('../app'))).toEqual([PATHS]);
  });

  it('when http/ imports a feature, then lint fails', async () => {
    expect(await broken('server/http/probe.ts', importing('../features/sync/service'))).toEqual([PATHS]);
  });

  it('when errors.ts imports anything above it, then lint fails', async () => {
    expect(await broken('server/errors.ts', importing('./http/errors'))).toContain(PATHS);
  });

  it('when a feature imports another feature, then lint fails', async () => {
    expect(await broken('server/features/sync/probe.ts', importing('../profiles/service'))).toEqual([PATHS]);
  });

  it('when a feature imports http/, read-model/, db/ and errors.ts below it, then lint passes', async () => {
    const code = ['../../http/validate', '../../read-model/rows', '../../db/revision', '../../errors']
      .map((path, i) => `import * as below${i} from '${path}';\nexport const probe${i} = below${i};\n`).join('');
    expect(await broken('server/features/sync/probe.ts', code)).toEqual([]);
  });

  it('when a test in db/ builds the whole app through test-support.ts, then lint passes', async () => {
    expect(await broken('server/db/probe.test.ts', importing('../test-support'))).toEqual([]);
  });

  it('when a test of one feature imports another feature, then lint fails', async () => {
    expect(await broken('server/features/sync/probe.test.ts', importing('../profiles/service'))).toEqual([PATHS]);
  });
});

describe('the client layers', () => {
  it('when ui/ imports local/, then lint fails', async () => {
    expect(await broken('client/ui/Probe.tsx', importing('../local/db'))).toEqual([PATHS]);
  });

  it('when state/ imports local/, then lint fails, and local/ may import state/', async () => {
    expect(await broken('client/state/probe.ts', importing('../local/db'))).toEqual([PATHS]);
    expect(await broken('client/local/probe.ts', importing('../state/registry-query'))).toEqual([]);
  });

  it('when a feature imports another feature, then lint fails', async () => {
    expect(await broken('client/features/login/Probe.tsx', importing('../report/scam-draft'))).toEqual([PATHS]);
  });

  it('when app/ imports a feature and local/, then lint passes', async () => {
    const code = `import * as a from '../features/report/scam-draft';\nimport * as b from '../local/db';\nexport const probe = [a, b];\n`;
    expect(await broken('client/app/probe.ts', code)).toEqual([]);
  });

  it('when client code imports server/, then lint fails, and a client test may', async () => {
    expect(await broken('client/local/probe.ts', importing('../../server/db/revision'))).toEqual([PATHS]);
    expect(await broken('client/local/probe.test.ts', importing('../../server/db/revision'))).toEqual([]);
  });
});

describe('shared/', () => {
  it('when shared/ imports client/ or server/, then lint fails', async () => {
    expect(await broken('shared/domain/probe.ts', importing('../../client/local/db'))).toEqual([PATHS]);
    expect(await broken('shared/probe.test.ts', importing('../server/test-support'))).toEqual([PATHS]);
  });
});

describe('cycles', () => {
  it('when a module imports one that imports it back, then lint fails (server: sync/service.ts imports changes.ts)', async () => {
    expect(await broken('server/features/sync/changes.ts', importing('./service'))).toEqual([CYCLE]);
  });

  it('when a module imports one that imports it back, then lint fails (client: local/drafts.ts imports db.ts)', async () => {
    expect(await broken('client/local/db.ts', importing('./drafts'))).toEqual([CYCLE]);
  });

  it('when the way back is a type-only import, then it is no cycle (no code runs through it)', async () => {
    const code = `import type * as service from './service';\nexport type Probe = typeof service.syncPage;\n`;
    expect(await broken('server/features/sync/changes.ts', code)).toEqual([]);
  });
});
