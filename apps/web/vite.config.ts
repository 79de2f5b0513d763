import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const workspaceRoot = fileURLToPath(new URL('../../', import.meta.url));

// The gateway serves /api on the same origin in production; in development Vite proxies to it.
const gatewayUrl = process.env.KITTY_GATEWAY_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  cacheDir: `${workspaceRoot}node_modules/.vite/apps/web`,
  plugins: [react()],
  resolve: {
    alias: { '@kitty/api-client': `${workspaceRoot}libs/api-client/src/index.ts` },
  },
  server: {
    port: 4200,
    proxy: { '/api': { target: gatewayUrl, changeOrigin: false } },
  },
  preview: { port: 4300, proxy: { '/api': { target: gatewayUrl, changeOrigin: false } } },
  build: {
    outDir: `${workspaceRoot}dist/apps/web`,
    emptyOutDir: true,
    sourcemap: true,
    reportCompressedSize: true,
  },
});
