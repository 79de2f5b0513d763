import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

import { precompress } from './build/precompress';

const workspaceRoot = fileURLToPath(new URL('../../', import.meta.url));

export default defineConfig(({ mode }) => {
  // In production the gateway serves /api on the same origin; in development Vite proxies /api to it.
  const env = loadEnv(mode, workspaceRoot, 'KITTY_');
  const proxy = { '/api': { target: env.KITTY_GATEWAY_URL ?? 'http://localhost:3000' } };

  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    cacheDir: `${workspaceRoot}node_modules/.vite/apps/web`,
    envPrefix: 'KITTY_PUBLIC_',
    plugins: [react(), precompress()],
    resolve: {
      alias: {
        '@kitty/api-client': `${workspaceRoot}libs/api-client/src/index.ts`,
        // The SPA reads limits and tables from the contracts (currencies and their minor units, bill lines).
        '@kitty/contracts': `${workspaceRoot}libs/contracts/src/index.ts`,
        '@kitty/money': `${workspaceRoot}libs/money/src/index.ts`,
      },
    },
    server: { port: 4200, proxy },
    preview: { port: 4300, proxy },
    build: {
      outDir: `${workspaceRoot}dist/apps/web`,
      emptyOutDir: true,
      // Public source maps would hand anyone the readable source of the app (issue 15).
      sourcemap: false,
    },
  };
});
