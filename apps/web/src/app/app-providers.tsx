import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';

import { messageConfig, notificationConfig } from '../ui/toast';
import type { AppStore } from './store';
import { theme } from './theme';

/** Store, theme and toast configuration; the router is supplied by the caller (browser or memory). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        <AntApp notification={notificationConfig} message={messageConfig} component={false}>
          {children}
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
