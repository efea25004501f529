// Renders the PNG app icons in public/icons/ from public/static/logo.svg with headless Chromium,
// so they can be remade whenever the logo changes:  node --import tsx scripts/make-icons.ts
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tests/e2e/support/browser';

const root = fileURLToPath(new URL('..', import.meta.url));
const logo = readFileSync(`${root}public/static/logo.svg`, 'utf8');
const BACKGROUND = '#0f1f3d'; // the same navy as theme-color in client/index.html

// `logo` is the share of the side the logo takes. Maskable icons are cropped to a circle of
// 80% of the side (https://web.dev/articles/maskable-icon), so the shield must sit well inside;
// iOS rounds the corners of the apple-touch icon, so it gets a little margin too.
const ICONS = [
  { file: 'icons/icon-192.png', size: 192, logo: 0.8 },
  { file: 'icons/icon-512.png', size: 512, logo: 0.8 },
  { file: 'icons/maskable-512.png', size: 512, logo: 0.62 },
  { file: 'icons/apple-touch-icon-180.png', size: 180, logo: 0.74 },
];

function page(size: number, share: number): string {
  const side = Math.round(size * share);
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;
    display:grid;place-items:center;background:${BACKGROUND}">
    <div style="width:${side}px;height:${side}px">${logo.replace('<svg ', `<svg width="${side}" height="${side}" `)}</div>
    </body></html>`;
}

const browser = await launchBrowser();
try {
  for (const icon of ICONS) {
    const tab = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await tab.setContent(page(icon.size, icon.logo));
    await tab.screenshot({ path: `${root}public/${icon.file}`, omitBackground: false });
    await tab.close();
    console.log(`wrote public/${icon.file} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}
