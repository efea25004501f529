// Run by exports-scale.test.ts in a process of its own with a capped heap: writes one export of
// the database given, reads it back unpacked, and prints its size and the process's peak memory.
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { exportDir, writeExport, type ExportName } from './exports';

const [databasePath, name] = process.argv.slice(2) as [string, ExportName];
const file = await writeExport(databasePath, exportDir(databasePath), name);
let bytes = 0;
for await (const chunk of createReadStream(file.path).pipe(createGunzip())) bytes += (chunk as Buffer).length;
process.stdout.write(JSON.stringify({ bytes, maxRssBytes: process.resourceUsage().maxRSS * 1024 }));
