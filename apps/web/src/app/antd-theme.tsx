import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

import { theme } from './theme';

/** The app's antd theme: every component that renders antd sits inside it (see ui/lazy-with-antd). */
export default function AntdTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
