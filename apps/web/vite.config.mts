import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

import { antdTrim } from './build/antd-trim';
import { earlyRestore } from './build/early-restore';
import { precompress } from './build/precompress';

const workspaceRoot = fileURLToPath(new URL('../../', import.meta.url));
// The SPA takes only constants and tables from the contracts: the zod schemas beside them (which bring zod)
// are never used in the browser, so building them counts as no side effect and they drop out.
const CONTRACTS = /[\\/]libs[\\/]contracts[\\/]src[\\/]/;
// antd's core (style engine, config, button, shared hooks) and the icons, each one file: signed-in Home
// otherwise fetched a dozen more small chunks of them, each a round trip on a slow link.
const ANTD_CORE =
  /[\\/]node_modules[\\/](antd|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color|icons)[\\/]|@rc-component|@babel|stylis|@emotion|is-mobile|clsx)/;
const ICONS = /[\\/]node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/;
// The icon data Home and the header draw without antd (ui/signed-in-icons.tsx): one chunk of its own, not in
// the icons chunk, which imports antd's core (a page rendering no antd would load it for an icon).
const PLAIN_ICON_DATA = new Set(
  [
    ...readFileSync(new URL('./src/ui/signed-in-icons.tsx', import.meta.url), 'utf8').matchAll(
      /icons-svg\/es\/asn\/(\w+)'/g,
    ),
  ].map(([, name]) => `${name}.js`),
);
const ICON_DATA = /[\\/]node_modules[\\/]@ant-design[\\/]icons-svg[\\/]es[\\/]asn[\\/]/;
const isPlainIconData = (id: string) =>
  ICON_DATA.test(id) &&
  PLAIN_ICON_DATA.has(id.slice(Math.max(id.lastIndexOf('/'), id.lastIndexOf('\\')) + 1));
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@reduxjs[\\/]toolkit|redux|react-redux|immer|reselect|use-sync-external-store)[\\/]/;

export default defineConfig(({ mode }) => {
  // In production the gateway serves /api on the same origin; in development Vite proxies /api to it.
  const env = loadEnv(mode, workspaceRoot, 'KITTY_');
  const proxy = { '/api': { target: env.KITTY_GATEWAY_URL ?? 'http://localhost:3000' } };

  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    cacheDir: `${workspaceRoot}node_modules/.vite/apps/web`,
    envPrefix: 'KITTY_PUBLIC_',
    plugins: [react(), antdTrim(), earlyRestore(), precompress()],
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
      // Public source maps would hand anyone the readable source of the app.
      sourcemap: false,
      // File names only, in .vite/ (the gateway serves no dot-directories): bench/spa-bundle.bench.mjs reads it.
      manifest: true,
      rolldownOptions: {
        treeshake: { moduleSideEffects: (id: string) => (CONTRACTS.test(id) ? false : undefined) },
        output: {
          codeSplitting: {
            // Libraries every page runs, in one file rather than the several common chunks they would
            // otherwise be split into: fewer round trips, and brotli compresses them better together.
            // antd's pieces only where most antd pages share them (minShareCount), and without their
            // dependencies: those would pull in the icon data the landing and sign-in pages inline, and with
            // it the whole group into the entry.
            groups: [
              { name: 'framework', test: FRAMEWORK, priority: 2 },
              { name: 'signed-in-icons', test: isPlainIconData, priority: 3 },
              {
                name: 'icons',
                test: ICONS,
                minShareCount: 2,
                includeDependenciesRecursively: false,
                priority: 1,
              },
              { name: 'antd', test: ANTD_CORE, minShareCount: 16, includeDependenciesRecursively: false },
            ],
          },
        },
      },
    },
  };
});
