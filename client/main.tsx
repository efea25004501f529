// Browser entry: mounts the app into index.html's #root and starts the local-first layer
// (client/local): the replica sync, the outbox, and a request for persistent storage, plus the
// service worker in production builds (client/app/pwa.ts). Tests render App without these.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './app/pwa';
import { localDb, requestPersistentStorage, searchService, startOutbox, startReplicator, syncNow } from './local';

const container = document.getElementById('root');
if (!container) throw new Error('client/index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// the page fetches and checks sync pages; the registry worker stores them beside the search index
startReplicator(localDb, () => syncNow(localDb, { apply: (checked, startOver) => searchService(localDb).applySyncPage(checked, startOver) }));
startOutbox();
void requestPersistentStorage();
void registerServiceWorker();
