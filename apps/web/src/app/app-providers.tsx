import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';

import { ToastProvider } from '../ui/toast';
import type { AppStore } from './store';
import { theme } from './theme';

/** Store, theme and toasts; the router is supplied by the caller (browser or memory). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        <ToastProvider>{children}</ToastProvider>
      </ConfigProvider>
    </Provider>
  );
}
