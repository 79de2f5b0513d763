/**
 * Whether this browser was signed in when Kitty last looked: a hint only, never trusted for access (the
 * refresh cookie decides). It lets `/` fetch Home's code while the session is still being restored,
 * instead of after (issue 15 §6: Home's LCP on a slow phone). Holds no token and nothing personal.
 */
const HINT_KEY = 'kitty.signedInHint';

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage refused (private mode): Home's code loads once the session is restored, as before.
  }
}

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return false;
  }
}
