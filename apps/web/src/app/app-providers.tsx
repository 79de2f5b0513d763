import type { ReactNode } from 'react';
import { Provider } from 'react-redux';

import { ToastProvider } from '../ui/toast';
import type { AppStore } from './store';

/**
 * Store and toasts; the router is supplied by the caller (browser or memory). antd's theme is not here:
 * each lazily loaded part that renders antd brings it (ui/lazy-with-antd), so the entry carries no antd.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ToastProvider>{children}</ToastProvider>
    </Provider>
  );
}
