import { fileURLToPath, URL } from 'node:url';

import type { Plugin, Rollup } from 'vite';

import { HOME_ASSETS_META } from '../src/session/early-refresh';

const BOOT = fileURLToPath(new URL('../src/boot.ts', import.meta.url));

/** The modules whose files a signed-in `/` needs: Home and the header's actions (neither renders antd). */
const HOME_MODULES = [
  /[\\/]src[\\/]pages[\\/]home[\\/]home-page\.tsx$/,
  /[\\/]src[\\/]layout[\\/]signed-in-actions\.tsx$/,
];

type Chunk = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** `start` and every chunk it imports statically, transitively. */
function closure(bundle: Rollup.OutputBundle, start: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || chunk?.type !== 'chunk') return;
    seen.add(fileName);
    chunk.imports.forEach(visit);
  };
  start.forEach(visit);
  return seen;
}

/**
 * The files (JS, then CSS) a signed-in `/` fetches beyond the entries': what the early session restore
 * preloads once it knows the visitor is signed in (src/session/early-refresh.ts).
 */
export function homeAssets(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
  const entries = closure(
    bundle,
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
  );
  const home = closure(
    bundle,
    chunks
      .filter((chunk) => HOME_MODULES.some((module) => module.test(chunk.facadeModuleId ?? '')))
      .map((chunk) => chunk.fileName),
  );
  const files = [...home].filter((fileName) => !entries.has(fileName));
  const css = files.flatMap((fileName) => [...((bundle[fileName] as Chunk).viteMetadata?.importedCss ?? [])]);
  return [...files, ...new Set(css)];
}

/**
 * Builds src/boot.ts as a script of its own, first in index.html's head, so the session restore starts as
 * soon as the page does rather than once the app's code has arrived, and writes Home's files into
 * `<meta name="kitty-home-assets">` for it to preload. Vite folds every module script of
 * index.html into one entry, hence a chunk emitted here. The code it shares with the app (early-refresh.ts)
 * is a chunk of its own, preloaded beside it: the browser fetches and runs it once. Build only: under `vite`
 * in development the app restores the session itself.
 */
export function earlyRestore(): Plugin {
  let base = '/';
  return {
    name: 'kitty-early-restore',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: BOOT, name: 'boot' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const boot = Object.values(bundle).find(
          (item): item is Chunk => item.type === 'chunk' && item.facadeModuleId === BOOT,
        );
        const files = homeAssets(bundle);
        if (!boot || files.length === 0) throw new Error('boot.ts or Home is missing from the bundle');
        // Module scripts run in document order: boot goes before the app's entry, not after it.
        const entry = html.indexOf('<script type="module"');
        if (entry < 0) throw new Error("index.html has no module script to put boot.ts's before");
        const bootTags = [
          `<script type="module" crossorigin src="${base}${boot.fileName}"></script>`,
          ...boot.imports.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
          `<meta name="${HOME_ASSETS_META}" content="${files.map((file) => `${base}${file}`).join(' ')}">`,
        ];
        return `${html.slice(0, entry)}${bootTags.join('\n    ')}\n    ${html.slice(entry)}`;
      },
    },
  };
}
