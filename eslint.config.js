// Lint rules, and the import boundaries of DESIGN.md checked with core no-restricted-imports
// (why not a plugin: docs/decisions/001-lint-boundaries.md).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SOURCE = '{ts,tsx,js,mjs}';
const CLIENT_TESTS = ['**/*.test.{ts,tsx}', '**/test-support.ts'];
// Boundaries are checked down to this many folders below shared/ or a feature folder; for a
// deeper tree raise it (regexes cannot see the importing file, so each depth has its own block).
const MAX_DEPTH = 6;

// The specifier starts with n times '../' (after an optional './').
const up = (n) => String.raw`^(\./)?(\.\./){${n}}`;
// A relative specifier with a `folder` segment ('../../server/app'), or a bare 'folder/...'.
// Package subpaths such as 'react-dom/server' are not relative, so they stay allowed.
const reaches = (folder) => String.raw`^(\.{1,2}/(.*/)?)?${folder}(/|$)`;

const noServer = {
  regex: reaches('server'),
  message: 'client/ and shared/ may not import server/ (DESIGN.md "Shape"); move what both need to shared/.',
};
const noClient = {
  regex: reaches('client'),
  message: 'shared/ may not import client/ (DESIGN.md "Shape"); shared/ is pure and used by both sides.',
};
// A file leaves shared/ with `levels` times '../': once from shared/x.ts, twice from shared/domain/x.ts.
const leavesShared = (levels) => ({
  regex: up(levels),
  message: 'shared/ may not import anything outside shared/: it is the contract, with no I/O and no app code.',
});
// A file `depth` folders below features/<name>/ (0: directly inside it):
// - depth + 1 times '../' then a name (not '..') enters a sibling feature: '../other/x';
// - depth + 2 or more times '../' and later a features/ segment comes back in: '../../features/other'.
// './x' and '../../http/x' (from depth 0) stay allowed.
const sidewaysFeature = (depth) => ({
  regex: String.raw`${up(depth + 1)}(?!\.\.(/|$))[^/]|${up(depth + 2)}(.*/)?features/`,
  message:
    'A feature may not import another feature (STYLE.md 2): move what both need to ui/, http/ or shared/, ' +
    'or compose them in client/app/.',
});

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const depths = Array.from({ length: MAX_DEPTH }, (_, i) => i);
// 'shared/*/*.ts' for depth 1: the file sits one folder below shared/
const below = (dir, depth) => `${dir}/${'*/'.repeat(depth)}*.${SOURCE}`;

export default defineConfig(
  // generated code (scripts/generate-sync-page-check.ts), held to its source by a test
  globalIgnores(['dist/', 'node_modules/', 'coverage/', 'data/', 'test-results/', '**/*.generated.js']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter kept for its position (Express handlers, callbacks)
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: [`client/**/*.${SOURCE}`],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // browser tests run code in the page too (page.evaluate)
    files: [`tests/e2e/**/*.${SOURCE}`],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // Boundaries. A later block replaces an earlier one's no-restricted-imports for the files
  // both match, so each block lists every pattern that applies to its files.
  ...depths.map((depth) => ({
    files: [below('shared', depth)],
    rules: restrict(noClient, noServer, leavesShared(depth + 1)),
  })),
  { files: [`client/**/*.${SOURCE}`], rules: restrict(noServer) },
  ...depths.flatMap((depth) => [
    { files: [below('client/features/*', depth)], rules: restrict(noServer, sidewaysFeature(depth)) },
    { files: [below('server/features/*', depth)], rules: restrict(sidewaysFeature(depth)) },
  ]),
  // Client tests and their test-support run the real server (no mocks of our own server), so
  // they may import server/; a feature's tests still may not reach into another feature.
  { files: CLIENT_TESTS.map((p) => `client/${p}`), rules: restrict() },
  ...depths.map((depth) => ({
    files: CLIENT_TESTS.map((p) => `client/features/*/${'*/'.repeat(depth)}${p.replace('**/', '')}`),
    rules: restrict(sidewaysFeature(depth)),
  })),
);
