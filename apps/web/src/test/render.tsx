import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { type InitialEntry, MemoryRouter, useLocation } from 'react-router-dom';

import AntdTheme from '../app/antd-theme';
import { AppProviders } from '../app/app-providers';
import { createAppStore } from '../app/store';
import type { SessionState } from '../session/session-slice';
import { signedOutState } from './factories';

/** Renders the current location so tests can assert where navigation went. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** Renders `ui` inside the app's providers and a memory router at `route` (a path, or one with its state). */
export function renderInApp(
  ui: ReactElement,
  { route = '/', session = signedOutState }: { route?: InitialEntry; session?: SessionState } = {},
) {
  const store = createAppStore({ session });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders store={store}>
        {/* As in the app, where the pages that render antd load its theme (ui/lazy-with-antd). */}
        <AntdTheme>{ui}</AntdTheme>
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { store, user, ...view };
}
