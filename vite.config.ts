// The client build. Sources live in client/, files served as they are in public/, and the
// output goes to dist/, which the server serves beside the API (DESIGN.md "Runtime conventions").
// Tests use vitest.config.ts instead, so plugins added here stay out of them.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server started by `npm run dev` (scripts/dev.mjs) on its default port.
const API_ORIGIN = 'http://127.0.0.1:8080';

export default defineConfig({
  // absolute, so the build works whatever directory it is started from
  root: fileURLToPath(new URL('./client', import.meta.url)),
  publicDir: '../public',
  plugins: [react()],
  build: {
    outDir: '../dist',
    emptyOutDir: true, // outDir is outside root: without this Vite only warns and leaves old files
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      // spec §7: logout is a form post outside /api
      '/accounts/logout': API_ORIGIN,
    },
  },
});
