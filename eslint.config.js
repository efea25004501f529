// Lint rules, and the layers of docs/decisions/017-layers-and-cycles.md: every import points
// down a layer or stays in its own, no feature imports another, and no module imports itself
// back (import-x's no-restricted-paths and no-cycle; scripts/eslint-rules.test.ts shows both bite).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SOURCE = '{ts,tsx,js,mjs}';
const LAYERS_NOTE = 'docs/decisions/017-layers-and-cycles.md';

// Each side's layers, bottom first: a file may import its own layer and those below it.
// A path is a folder or a file, relative to this file.
const SERVER_LAYERS = [
  ['server/errors.ts', 'server/config.ts', 'server/cli-args.ts'],
  ['server/db'],
  ['server/read-model'],
  // deps.ts: the type app.ts builds every feature's routes from, with the rest of the routes' kit
  ['server/http', 'server/deps.ts'],
  ['server/features'],
  ['server/demo'],
  ['server/app.ts'],
  ['server/index.ts'],
  // they build the whole app, for tests only
  ['server/test-support.ts', 'server/test-flows.ts'],
];
const CLIENT_LAYERS = [
  ['client/ui', 'client/api'],
  // UI state (zustand stores) sits below local/: the replicator, outbox and search report into it
  ['client/state'],
  ['client/local'],
  ['client/features'],
  ['client/app'],
  ['client/main.tsx'],
];
// Folders whose subfolders never import each other: what two features share goes down a layer.
const FEATURE_FOLDERS = ['server/features', 'client/features'];

// Zones of import-x/no-restricted-paths: files in `target` may not import from `from`.
// One zone per pair, so each message names both and an exception (below) fits exactly one.
const layerZones = (layers) =>
  layers.flatMap((layer, i) =>
    layers.slice(i + 1).flat().map((above) => ({
      target: layer,
      from: above,
      message: `${layer.join(' and ')} ${layer.length > 1 ? 'sit' : 'sits'} below ${above}: imports point down (${LAYERS_NOTE}).`,
    })),
  );
const featureZones = (folder) => {
  const features = readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${folder}/${entry.name}`);
  return features.flatMap((feature) =>
    features.filter((other) => other !== feature).map((other) => ({
      target: feature,
      from: other,
      message: `A feature does not import another: move what both need down a layer, or compose them above (${LAYERS_NOTE}).`,
    })),
  );
};
const SHARED_ZONE = {
  target: 'shared',
  from: ['client', 'server', 'tests', 'bench', 'scripts'],
  message: 'shared/ imports nothing outside shared/: it is the pure contract both sides use.',
};
const SIDE_ZONES = [
  { target: 'client', from: 'server', message: 'client/ does not import server/: move what both need to shared/.' },
  { target: 'server', from: 'client', message: 'server/ does not import client/: move what both need to shared/.' },
];
const FEATURE_ZONES = FEATURE_FOLDERS.flatMap(featureZones);
const ZONES = [SHARED_ZONE, ...SIDE_ZONES, ...layerZones(SERVER_LAYERS), ...layerZones(CLIENT_LAYERS), ...FEATURE_ZONES];

const restrictPaths = (zones) => ({
  'import-x/no-restricted-paths': ['error', { zones, basePath: import.meta.dirname }],
});

// Tests sit on top of their side: they build the whole app (server/test-support.ts, the real
// server for client tests too), so the layers and the client/server sides do not bind them;
// shared/'s tests stay inside shared/, and a feature's tests still leave other features alone.
const TESTS = [
  '{client,server}/**/*.test.{ts,tsx}',
  '{client,server}/**/test-support.ts',
  'server/test-flows.ts',
  'client/test-setup.ts',
  'client/test-pwa-register.ts',
];

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

  // Layers and cycles. Imports are resolved as TypeScript resolves them (no extensions written);
  // an import that resolves to no file (a package's virtual module) is not checked.
  {
    files: [`**/*.${SOURCE}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // type-only imports are left out (no code runs through them); packages are not walked
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      ...restrictPaths(ZONES),
    },
  },
  { files: TESTS, rules: restrictPaths([SHARED_ZONE, ...FEATURE_ZONES]) },

  // No exceptions today: should one be needed, a block for one file with import-x's `except`
  // for one import, and a comment saying why.
);
