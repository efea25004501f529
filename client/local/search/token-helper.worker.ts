// The search worker's helper (shared/search/index/token-helper.ts): it tokenises the texts a large
// build sends it and makes the dictionary, the postings and the token structures, on the phone's
// other core, while the search worker reads the profiles' values and facets.
import { serveTokenReader } from '../../../shared/search/index/token-helper';

serveTokenReader({
  post: (message, transfer) => self.postMessage(message, { transfer: transfer ?? [] }),
  listen: (listener) => self.addEventListener('message', (event: MessageEvent) => listener(event.data)),
});
