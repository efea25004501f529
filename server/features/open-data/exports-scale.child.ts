// Run by exports-scale.test.ts in a process of its own with a capped heap: writes one export of
// the database given, reads it back unpacked, and prints its size and the process's peak memory.
import { createReadStream, readFileSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { exportDir, writeExport, type ExportName } from './exports';

const [databasePath, name] = process.argv.slice(2) as [string, ExportName];
const file = await writeExport(databasePath, exportDir(databasePath), name);
let bytes = 0;
for await (const chunk of createReadStream(file.path).pipe(createGunzip())) bytes += (chunk as Buffer).length;
// the peak resident set of this process: Linux's VmHWM starts anew at exec, while getrusage's
// maxRSS keeps the high-water mark of the process that spawned this one (a bench holding 260 MB)
const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
const maxRssBytes = hwm ? Number(hwm[1]) * 1024 : process.resourceUsage().maxRSS * 1024;
process.stdout.write(JSON.stringify({ bytes, maxRssBytes }));
