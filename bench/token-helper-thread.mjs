// A worker thread's entry: Node 20 does not hand `--import tsx` on to a worker in time for a .ts
// entry, so this registers tsx itself before loading the TypeScript helper.
import { register } from 'tsx/esm/api';

register();
await import('./token-helper-thread.ts');
