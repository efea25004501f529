// The client build. Sources live in client/, files served as they are in public/, and the
// output goes to dist/, which the server serves beside the API (docs/design.md#runtime).
// Tests use vitest.config.ts instead, so plugins added here stay out of them.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The API server started by `npm run dev` (scripts/dev.mjs) on its default port.
const API_ORIGIN = 'http://127.0.0.1:8080';

// The logo's navy and the page background (client/app/app.css).
const THEME_COLOUR = '#0f1f3d';
const BACKGROUND_COLOUR = '#f4f6fa';

/**
 * The stylesheets index.html links (the entry's, about 9 KB) written into it instead, so the shell
 * it holds paints as soon as the HTML arrives rather than after stylesheets that share a phone's
 * bandwidth with the initial JavaScript (issue 17, docs/decisions/026-a-first-paint-that-does-not-jump.md).
 * The files stay in dist/ for the chunks that load them later.
 */
function inlineEntryStylesheets(): Plugin {
  return {
    name: 'bustr-inline-entry-stylesheets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*\bhref="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
        });
      },
    },
  };
}

export default defineConfig({
  // absolute, so the build works whatever directory it is started from
  root: fileURLToPath(new URL('./client', import.meta.url)),
  publicDir: '../public',
  plugins: [
    react(),
    inlineEntryStylesheets(),
    VitePWA({
      // 'prompt': a new version waits until the person presses Reload in the update toast
      // (client/app/pwa.ts), so a half-typed report is never lost to a surprise reload.
      registerType: 'prompt',
      injectRegister: false, // client/app/pwa.ts registers it, in production builds only
      includeManifestIcons: false, // globPatterns below already precaches public/icons/
      manifest: {
        name: 'Bustr registry',
        short_name: 'Bustr',
        description: 'A public registry of reported crypto scammers and scam projects.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: BACKGROUND_COLOUR,
        // The installed app is a Web Share Target: sharing a t.me link or a wallet from a
        // messaging app opens /?title=…&text=…&url=… (a query on /, so the routes of
        // docs/product.md#screens stay as they are), which the app reads as a lookup
        // (client/state/registry-link.ts, SHARE_TARGET_PARAMS: the same three names).
        share_target: {
          action: '/',
          method: 'GET',
          params: { title: 'title', text: 'text', url: 'url' },
        },
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // the whole app shell, so it opens with no network at all
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // every navigation outside the API gets the shell, whatever its query: a lookup link
        // (/?q=…), a profile link (/?profile=…) and a share (/?text=…) open offline too
        navigateFallback: '/index.html',
        // the API is never answered from a cache: the data lives in IndexedDB (client/local)
        // and a stale API answer would hide what the server really said
        // and the Atom feed (issue 20) is the server's, not a page of the app
        navigateFallbackDenylist: [/^\/api\//, /^\/feed\.atom$/],
        // TOOLCHAIN.md: in prompt mode the first visit is controlled only with clientsClaim.
        // No skipWaiting here: that would activate updates without asking.
        clientsClaim: true,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  // the search worker (client/local/search) is an ES module, like the app
  worker: { format: 'es' },
  build: {
    rolldownOptions: {
      output: {
        // zod checks once whether it may compile its parsers with `new Function`, when its first
        // object schema is made (at import). Our CSP refuses it (script-src 'self') and the refusal
        // is logged as a violation (Lighthouse's best practices, issue 17). zod reads its settings
        // from this global; every chunk sets it first, so it is there whichever chunk zod is in.
        banner: '(globalThis.__zod_globalConfig ??= {}).jitless = true;',
      },
    },
    outDir: '../dist',
    emptyOutDir: true, // outDir is outside root: without this Vite only warns and leaves old files
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      // product.md#calls: logout is a form post outside /api
      '/accounts/logout': API_ORIGIN,
    },
  },
});
