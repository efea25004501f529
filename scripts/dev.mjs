#!/usr/bin/env node
// `npm run dev`: the API server (restarted on change by node --watch) and the Vite dev server
// (which proxies /api to it, see vite.config.ts), side by side with their output prefixed.
// Ctrl-C, or either one exiting, stops both.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Children write to pipes, not the terminal: keep their colours when we have a terminal.
const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;

const children = [
  start('api', ['--import', 'tsx', '--watch', 'server/index.ts'], 'ignore'),
  // only Vite reads the keyboard (its shortcuts: r, o, q...)
  start('web', ['node_modules/vite/bin/vite.js'], 'inherit'),
];
let stopping = false;

function start(name, args, stdin) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: [stdin, 'pipe', 'pipe'] });
  for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
  }
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`[dev] ${name} exited (${signal ?? code}); stopping the other`);
    stop(code ?? 1);
  });
  return child;
}

function stop(exitCode) {
  if (!stopping) {
    stopping = true;
    process.exitCode = exitCode;
  }
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
}

// Ctrl-C also reaches the children through the terminal; stopping twice is harmless.
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
