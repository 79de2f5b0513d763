import { SessionManager } from '../session/session-manager';
import { AppRoutes } from './app-routes';

export function App() {
  return (
    <>
      <SessionManager />
      <AppRoutes />
    </>
  );
}
