// Runs before every client test (vitest.config.ts, project "client"): jsdom has no IndexedDB,
// so Dexie gets an in-memory one, and expect() learns the DOM matchers (toBeInTheDocument...).
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts by itself only when the test runner has global afterEach;
// vitest globals are off here, so each test would otherwise see the previous one's DOM.
afterEach(cleanup);

// findBy… and waitFor give up after 1 s by default. CI runs every test project at once on two
// cores, where the first search of a file (the engine reading the replica) has taken longer than
// that; a real failure still fails, only later.
configure({ asyncUtilTimeout: 5_000 });
