import type { Rollup } from 'vite';

import { homeAssets } from './early-restore';

const chunk = (
  fileName: string,
  {
    facade,
    imports = [],
    css = [],
    isEntry = false,
  }: { facade?: string; imports?: string[]; css?: string[]; isEntry?: boolean },
) =>
  ({
    type: 'chunk',
    fileName,
    isEntry,
    facadeModuleId: facade ?? null,
    imports,
    viteMetadata: { importedCss: new Set(css) },
  }) as unknown as Rollup.OutputChunk;

const bundleOf = (...chunks: Rollup.OutputChunk[]): Rollup.OutputBundle =>
  Object.fromEntries(chunks.map((item) => [item.fileName, item]));

describe('homeAssets', () => {
  it("lists Home's and the header actions' files, then their CSS, without the entries' own", () => {
    const bundle = bundleOf(
      chunk('assets/index.js', {
        isEntry: true,
        imports: ['assets/framework.js', 'assets/early-refresh.js'],
      }),
      chunk('assets/boot.js', {
        isEntry: true,
        facade: '/app/src/boot.ts',
        imports: ['assets/early-refresh.js'],
      }),
      chunk('assets/framework.js', {}),
      chunk('assets/early-refresh.js', {}),
      chunk('assets/home-page.js', {
        facade: '/app/src/pages/home/home-page.tsx',
        imports: ['assets/antd.js', 'assets/framework.js', 'assets/skeleton.js'],
        css: ['assets/home-page.css', 'assets/pots.css'],
      }),
      // Loaded when the browser is idle, for Home's dialogs: not on the way to Home's first paint.
      chunk('assets/antd-theme.js', { facade: '/app/src/app/antd-theme.tsx', imports: ['assets/antd.js'] }),
      chunk('assets/signed-in-actions.js', {
        facade: '/app/src/layout/signed-in-actions.tsx',
        css: ['assets/pots.css'],
      }),
      chunk('assets/antd.js', {}),
      chunk('assets/skeleton.js', { imports: ['assets/antd.js'] }),
      // Lazy elsewhere: never preloaded for Home.
      chunk('assets/pot-page.js', {
        facade: '/app/src/pages/pot/pot-page.tsx',
        imports: ['assets/chart.js'],
      }),
      chunk('assets/chart.js', {}),
    );

    expect(homeAssets(bundle)).toEqual([
      'assets/home-page.js',
      'assets/antd.js',
      'assets/skeleton.js',
      'assets/signed-in-actions.js',
      'assets/home-page.css',
      'assets/pots.css',
    ]);
  });

  it('finds nothing when Home is not in the bundle', () => {
    expect(homeAssets(bundleOf(chunk('assets/index.js', { isEntry: true })))).toEqual([]);
  });
});
