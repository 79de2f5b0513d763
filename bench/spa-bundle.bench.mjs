// The JavaScript each first route of the SPA downloads, from the build alone (no stack, no browser): the
// entry script, every chunk it imports statically (Vite modulepreloads them), and the lazy chunks the route
// renders at once with their own static imports. Sizes are of the precompressed .br and .gz files the
// gateway serves; the budget is on gzip, which every browser takes, brotli is shown beside it.
// Needs `npx nx build web` first; reads the Vite manifest (dist/apps/web/.vite/manifest.json).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const DIST = path.resolve(import.meta.dirname, '../dist/apps/web');
const BUDGET_GZIP_KB = 150;
// Source modules (manifest keys) loaded lazily as soon as the route renders, besides the entry.
const ROUTES = [
  // `/` (the landing page and the choice of Home) comes with the entry.
  { name: 'landing /', lazy: [] },
  { name: 'sign-in /auth', lazy: ['src/pages/auth/auth-page.tsx'] },
  {
    name: 'home / (signed in)',
    // Neither renders antd: it loads once the browser is idle, for Home's dialogs.
    lazy: ['src/pages/home/home-page.tsx', 'src/layout/signed-in-actions.tsx'],
  },
];

const manifest = JSON.parse(await readFile(path.join(DIST, '.vite/manifest.json'), 'utf8'));
// index.html's scripts: the app, and boot.ts, which starts the session restore (build/early-restore.ts).
const entryKeys = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isEntry)
  .map(([key]) => key);
if (entryKeys.length === 0) throw new Error('The manifest has no entry chunk');

/** A chunk and everything it imports statically, as output file names. */
function withStaticImports(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest: did the module move, or stop being lazy?`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, files);
  return files;
}

/** Bytes of a precompressed sibling; files the build left uncompressed (under 1 KB) go as they are. */
async function sizeOf(file, extension) {
  const full = path.join(DIST, file);
  const compressed = await stat(`${full}${extension}`).catch(() => null);
  return (compressed ?? (await stat(full))).size;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const entryFiles = new Set();
for (const key of entryKeys) withStaticImports(key, entryFiles);
console.log(
  `First-route JavaScript of ${path.relative(process.cwd(), DIST)}, budget ${BUDGET_GZIP_KB} KB gzip`,
);
for (const { name, lazy } of ROUTES) {
  const files = new Set(entryFiles);
  for (const key of lazy) withStaticImports(key, files);
  const rows = await Promise.all(
    [...files].map(async (file) => ({ file, br: await sizeOf(file, '.br'), gz: await sizeOf(file, '.gz') })),
  );
  const br = rows.reduce((sum, row) => sum + row.br, 0);
  const gz = rows.reduce((sum, row) => sum + row.gz, 0);
  const verdict = gz <= BUDGET_GZIP_KB * 1024 ? 'within budget' : 'OVER BUDGET';
  console.log(`\n${name}: ${files.size} files, ${kb(gz)} KB gzip, ${kb(br)} KB brotli — ${verdict}`);
  for (const row of rows.sort((a, b) => b.gz - a.gz))
    console.log(`  ${kb(row.gz).padStart(7)} KB gz ${kb(row.br).padStart(7)} KB br  ${row.file}`);
}
