// Test projects (vitest 4 ignores environmentMatchGlobs): node for shared/ and server/,
// jsdom for client/, and e2e for the browser tests that drive the built app in Chromium.
// Kept apart from vite.config.ts so the PWA plugin stays out of tests.
// CI runs every project at once on 2 cores, which makes a test several times slower than alone:
// the default 5 s limit failed a passing property test there, so unit tests get 20 s.
const UNIT_TEST_TIMEOUT_MS = 20_000;
import { fileURLToPath } from 'node:url';
import { API_TESTS_ON_BOTH_ENGINES } from './tests/support/api-tests-on-both-engines';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/support/**/*.test.ts'],
          testTimeout: UNIT_TEST_TIMEOUT_MS,
        },
      },
      {
        // issue 21: the API tests again, with the app on PostgreSQL (server/test-support.ts makeTestApp)
        test: {
          name: 'node-postgres',
          environment: 'node',
          include: [...API_TESTS_ON_BOTH_ENGINES],
          env: { BUSTR_TEST_ENGINE: 'postgres' },
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          testTimeout: UNIT_TEST_TIMEOUT_MS,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: {
          // client/app/pwa.ts imports it only in production builds, but Vite resolves it anyway
          alias: { 'virtual:pwa-register': fileURLToPath(new URL('./client/test-pwa-register.ts', import.meta.url)) },
        },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: ['client/test-setup.ts'],
          testTimeout: UNIT_TEST_TIMEOUT_MS,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
