// Launches the system Chromium (Debian's `chromium` package) through playwright-core, so no
// browser download is ever needed (TOOLCHAIN.md "Browser tests").
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export function chromiumPath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

/** Throws with the fix in the message when no Chromium binary is where we look. */
export function requireChromium(): string {
  const path = chromiumPath();
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. Install it (apt-get update && apt-get install -y chromium) ` +
        'or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  return path;
}

// Quiet, sandbox-free flags: tests and scripts run as root in containers, and nothing should
// reach out to Google's update or sync services while they run.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--headless=new',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
}
