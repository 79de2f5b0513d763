/**
 * Keeps a session alive (spec §9, DESIGN.md "Auth and sessions"): every 30 s it checks the access token
 * and refreshes once 90 s or less remain. A failed refresh that may succeed later (network, 5xx) is
 * retried after 200 ms, 400 ms, 800 ms, ... up to a fixed number of attempts; a refusal (401) or running
 * out of attempts ends the session. A 429 is the server asking us to slow down, not a verdict on the
 * session: it is retried after its Retry-After, as often as it takes, and never ends the session.
 * Pure: no React, no Redux, timers only through setTimeout/setInterval.
 */

export interface RefreshPolicy {
  checkIntervalMs: number;
  refreshWhenRemainingMs: number;
  initialBackoffMs: number;
  /** Attempts in total, the first included (429 answers are not counted). */
  maxAttempts: number;
  /** Bounds on a 429's Retry-After, so a missing or absurd header neither hammers nor stalls. */
  minRetryAfterMs: number;
  maxRetryAfterMs: number;
}

export const SESSION_REFRESH_POLICY: RefreshPolicy = {
  checkIntervalMs: 30_000,
  refreshWhenRemainingMs: 90_000,
  initialBackoffMs: 200,
  maxAttempts: 5,
  minRetryAfterMs: 1_000,
  maxRetryAfterMs: 120_000,
};

/**
 * One call to the refresh endpoint: the new session, or whether trying again could help. `retryAfterMs`
 * is set when the server rate-limited the call (429): its Retry-After, or null when it sent none.
 */
export type RefreshAttempt<Session> =
  { ok: true; session: Session } | { ok: false; transient: boolean; retryAfterMs?: number | null };

/** 'rejected': the server refused the session (401); 'exhausted': every retry failed. */
export type RefreshFailure = 'rejected' | 'exhausted';

export interface SessionRefresherOptions<Session> {
  attempt: () => Promise<RefreshAttempt<Session>>;
  /** Epoch ms at which the current access token expires; null when there is none. */
  expiresAt: () => number | null;
  onRefreshed: (session: Session) => void;
  onFailed: (failure: RefreshFailure) => void;
  /** A 429: the refresh is tried again after `waitMs`, quietly. */
  onRateLimited?: (waitMs: number) => void;
  now?: () => number;
  policy?: RefreshPolicy;
}

export interface SessionRefresher {
  /** Checks now and then every `checkIntervalMs`. */
  start(): void;
  /** Final: cancels timers and ignores the result of a refresh still in flight. */
  stop(): void;
  /** Refreshes if the token is within the threshold of expiring. */
  check(): Promise<void>;
  /** Refreshes unconditionally (for example to restore the session on page load). */
  refresh(): Promise<void>;
}

export function createSessionRefresher<Session>(options: SessionRefresherOptions<Session>): SessionRefresher {
  const policy = options.policy ?? SESSION_REFRESH_POLICY;
  const now = options.now ?? Date.now;
  let stopped = false;
  let interval: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | null = null;
  let cancelBackoff: (() => void) | undefined;

  /** Resolves true after `ms`, or false as soon as the refresher is stopped. */
  function backoff(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(true), ms);
      cancelBackoff = () => {
        clearTimeout(timer);
        resolve(false);
      };
    });
  }

  async function attemptSafely(): Promise<RefreshAttempt<Session>> {
    try {
      return await options.attempt();
    } catch {
      return { ok: false, transient: true };
    }
  }

  async function refreshWithRetries(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const result = await attemptSafely();
      if (stopped) return;
      if (result.ok) {
        options.onRefreshed(result.session);
        return;
      }
      if (result.retryAfterMs !== undefined) {
        const waitMs = Math.min(
          policy.maxRetryAfterMs,
          Math.max(policy.minRetryAfterMs, result.retryAfterMs ?? policy.minRetryAfterMs),
        );
        attempt -= 1; // rate limited: the server is fine and the session too; this try does not count
        options.onRateLimited?.(waitMs);
        if (!(await backoff(waitMs))) return;
        continue;
      }
      if (!result.transient || attempt >= policy.maxAttempts) {
        options.onFailed(result.transient ? 'exhausted' : 'rejected');
        return;
      }
      const waited = await backoff(policy.initialBackoffMs * 2 ** (attempt - 1));
      if (!waited) return;
    }
  }

  function refresh(): Promise<void> {
    if (stopped) return Promise.resolve();
    running ??= refreshWithRetries().finally(() => {
      running = null;
    });
    return running;
  }

  function check(): Promise<void> {
    const expiresAt = options.expiresAt();
    if (stopped || running || expiresAt === null) return running ?? Promise.resolve();
    return expiresAt - now() <= policy.refreshWhenRemainingMs ? refresh() : Promise.resolve();
  }

  return {
    start() {
      if (stopped || interval !== undefined) return;
      interval = setInterval(() => void check(), policy.checkIntervalMs);
      void check();
    },
    stop() {
      stopped = true;
      clearInterval(interval);
      cancelBackoff?.();
    },
    check,
    refresh,
  };
}
