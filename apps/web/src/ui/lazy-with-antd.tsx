import type { ComponentType } from 'react';
import { lazy } from 'react';

/** Fetches antd's core and theme ahead of need, once the browser is idle: a page that renders no antd
 * itself (Home) opens its dialogs without waiting for it. */
export function preloadAntdWhenIdle(): () => void {
  const load = () => void import('../app/antd-theme');
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(load, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(load, 2_000);
  return () => clearTimeout(timer);
}

/**
 * `lazy` for a component that renders antd: its chunk loads together with the theme's (antd's core, about
 * 30 KB gzip) and it renders inside the theme. The shell, the landing page and sign-in render no antd, so
 * a visitor's first page downloads none of it.
 */
export function lazyWithAntd<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(async () => {
    const [{ default: Component }, { default: AntdTheme }] = await Promise.all([
      load(),
      import('../app/antd-theme'),
    ]);
    function Themed(props: Props) {
      return (
        <AntdTheme>
          <Component {...props} />
        </AntdTheme>
      );
    }
    return { default: Themed };
  });
}
