import type { Plugin } from 'vite';

const STUB_PREFIX = '\0kitty-antd-unused:';

/**
 * Imports inside antd that drag code onto every page for a feature Kitty does not use (measured with
 * bench/spa-bundle.bench.mjs). `stub` names the feature: its import resolves to a component that throws if
 * rendered, so starting to use the feature fails loudly instead of silently doing nothing. `to` points a
 * barrel import at the one module actually needed.
 */
const REWRITES: { importer: RegExp; source: string; stub?: string; to?: string }[] = [
  // ConfigProvider's `tooltip.unique` brings the popup engine (@rc-component/trigger, about 9 KB brotli).
  {
    importer: /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    source: '../tooltip/UniqueProvider',
    stub: 'ConfigProvider tooltip.unique',
  },
  // A Form.Item label's `tooltip` brings Tooltip and the popup engine to every form (about 9 KB brotli).
  {
    importer: /[\\/]antd[\\/]es[\\/]form[\\/]FormItemLabel\.js$/,
    source: '../tooltip',
    stub: 'Form.Item tooltip',
  },
  // Every popover, drawer and modal imports FormProvider through rc-form's barrel, whose static properties
  // keep all of rc-form and async-validator (about 13 KB brotli): the module that defines it is enough.
  {
    importer: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    source: '@rc-component/form',
    to: '@rc-component/form/es/FormContext.js',
  },
];

export function antdTrim(): Plugin {
  return {
    name: 'kitty-antd-trim',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise resolve these imports first.
    enforce: 'pre',
    resolveId(source, importer) {
      const rewrite = REWRITES.find((r) => r.source === source && importer && r.importer.test(importer));
      if (!rewrite) return null;
      if (rewrite.stub) return `${STUB_PREFIX}${rewrite.stub}`;
      return this.resolve(rewrite.to ?? source, importer, { skipSelf: true });
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const feature = id.slice(STUB_PREFIX.length);
      return `export default function Unused() {
  throw new Error(${JSON.stringify(`${feature} is trimmed from this build: see apps/web/build/antd-trim.ts`)});
}`;
    },
  };
}
