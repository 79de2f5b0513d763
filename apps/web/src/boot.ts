// The built index.html's first script (build/early-restore.ts): the session restore starts at once.
import { startEarlyRefresh } from './session/early-refresh';

startEarlyRefresh();
