// Browser entry: mounts the app into index.html's #root and starts the local-first layer
// (client/local): the replica sync, the outbox, and a request for persistent storage, plus the
// service worker in production builds (client/app/pwa.ts). Tests render App without these.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './app/pwa';
import { localDb, onKeepDetailsOfflineChange, replicaForm, requestPersistentStorage, searchService, startOutbox, startReplicator, syncNow } from './local';

const container = document.getElementById('root');
if (!container) throw new Error('client/index.html has no #root element');

// index.html already holds the shell (header, heading, search box) as the registry first draws it:
// let the browser paint it before the app's first render takes the main thread, even where the
// script arrives at once (a cached or fast load), so the shell always shows first (issue 17).
// rAF runs just before the next paint, a task queued from it just after.
await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// the page fetches sync pages; while the replica fills, the registry worker reads, checks and
// stores them and hands them to the search index at once. A delta is checked and stored here, so
// it never waits behind the worker's work on the index (loading, saving); the index reads it on
// its next search.
// A first visit's download starts after the registry's first answer is on screen (issue 17).
// The feed's form follows "Keep full details offline" (client/local/settings.ts), and a change of it syncs.
const sync = () => syncNow(localDb, { fillingPages: searchService(localDb).syncPages, form: replicaForm() });
startReplicator(localDb, sync, { afterFirstAnswer: true });
onKeepDetailsOfflineChange(() => { if (navigator.onLine) void sync(); });
startOutbox();
void requestPersistentStorage();
void registerServiceWorker();
