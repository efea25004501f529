// A sync page checked by syncPageSchema compiled ahead of time (scripts/generate-sync-page-check.ts):
// the same verdicts as the zod schema (sync-page-check.test.ts), several times faster than zod
// under our script-src 'self' policy. A page it refuses goes through zod, which says what is wrong.
import type { SyncPage } from './sync';
import { validate } from './sync-page-check.generated.js';

export function isSyncPage(json: unknown): json is SyncPage {
  return validate(json);
}
