// Browser entry: mounts the app into index.html's #root and starts the local-first layer
// (client/local): the replica sync, the outbox, and a request for persistent storage, plus the
// service worker in production builds (client/app/pwa.ts). Tests render App without these.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './app/pwa';
import { requestPersistentStorage, startOutbox, startReplicator } from './local';

const container = document.getElementById('root');
if (!container) throw new Error('client/index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

startReplicator();
startOutbox();
void requestPersistentStorage();
void registerServiceWorker();
