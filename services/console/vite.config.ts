import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The console is built into dist/ and served by the api at `/` (hashed assets under /assets).
 * `npm run dev:console` runs this dev server against a running api (HERALD_API, default
 * http://127.0.0.1:8080): /api is proxied, so the browser sees one origin as in production and
 * the refresh cookie (Path=/api/v1/auth, SameSite=Strict) behaves the same.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@herald/client': here('../../libs/client/src/index.ts') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // The console, the page an email's HTML is previewed in, and the consumer portal (each served
    // under a policy of its own).
    rollupOptions: { input: { main: here('index.html'), preview: here('preview-frame.html'), portal: here('portal.html') } },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.HERALD_API ?? 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
