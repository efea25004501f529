// The API test files that run twice (vitest.config.ts): in the 'node' project with the app on
// SQLite, and in 'node-postgres' with it on PostgreSQL (issue 21). Each reaches the registry only
// through the test app's data layer (t.engine); a test about SQLite itself is in a describe named
// so, skipped on PostgreSQL (TEST_ENGINE, server/test-support.ts).
export const API_TESTS_ON_BOTH_ENGINES = [
  'server/app-routes.test.ts',
  'server/features/auth/auth.test.ts',
  'server/features/edit-requests/edit-requests.test.ts',
  'server/features/filter-options/filter-options.test.ts',
  'server/features/incidents/incidents.test.ts',
  'server/features/open-data/open-data.test.ts',
  'server/features/moderation/moderation.test.ts',
  'server/features/profiles/profiles.test.ts',
  'server/features/receipts/receipts.test.ts',
  'server/features/removal-requests/removal-requests.test.ts',
  'server/features/saved-searches/saved-searches.test.ts',
  'server/features/sync/align.test.ts',
  'server/features/sync/sync-texts.test.ts',
  'server/features/sync/sync.test.ts',
  'server/http/avatar.test.ts',
  'server/http/cached-reads.test.ts',
  'server/http/http.test.ts',
  'server/http/moderation-volume.test.ts',
  'server/http/nul-text.test.ts',
  'server/http/rate-limits.test.ts',
  'server/read-model/shared-identifiers.test.ts',
] as const;
