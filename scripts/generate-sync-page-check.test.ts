import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SYNC_PAGE_CHECK_PATH, syncPageCheckSource } from './generate-sync-page-check';

describe('the generated sync page check', () => {
  it('when syncPageSchema is compiled again, then it is the committed file (else: npm run generate:sync-check)', () => {
    expect(readFileSync(SYNC_PAGE_CHECK_PATH, 'utf8')).toBe(syncPageCheckSource());
  });
});
