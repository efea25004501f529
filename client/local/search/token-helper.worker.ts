// The search worker's helper (shared/search-index/token-helper.ts): it makes a large build's prefix
// groups and trigram lists from the tokens the build sends it, on the phone's other core, while
// the search worker reads the profiles and lays their postings out.
import { serveTokenStructures } from '../../../shared/search-index/token-helper';

serveTokenStructures({
  post: (message, transfer) => self.postMessage(message, { transfer: transfer ?? [] }),
  listen: (listener) => self.addEventListener('message', (event: MessageEvent) => listener(event.data)),
});
