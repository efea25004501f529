// A search thread's entry (features/search/threads.ts): Node 20 does not hand `--import tsx` on to
// a worker in time for a .ts entry, so this registers tsx itself before loading the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./search-thread.ts');
