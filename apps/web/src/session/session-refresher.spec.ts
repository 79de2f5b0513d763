import type { RefreshAttempt, SessionRefresherOptions } from './session-refresher';
import { createSessionRefresher, SESSION_REFRESH_POLICY } from './session-refresher';

type Session = { token: string };

const ok = (token: string): RefreshAttempt<Session> => ({ ok: true, session: { token } });
const transient: RefreshAttempt<Session> = { ok: false, transient: true };
const rejected: RefreshAttempt<Session> = { ok: false, transient: false };

/** A refresher whose token expires `expiresInMs` after the fake clock's start. */
function setup(expiresInMs: number, overrides: Partial<SessionRefresherOptions<Session>> = {}) {
  let expiresAt: number | null = Date.now() + expiresInMs;
  const attempt = jest.fn<Promise<RefreshAttempt<Session>>, []>().mockResolvedValue(ok('fresh'));
  const onRefreshed = jest.fn((session: Session) => {
    expiresAt = Date.now() + 15 * 60_000;
    return session;
  });
  const onFailed = jest.fn();
  const refresher = createSessionRefresher<Session>({
    attempt,
    expiresAt: () => expiresAt,
    onRefreshed,
    onFailed,
    ...overrides,
  });
  return { refresher, attempt, onRefreshed, onFailed, signOut: () => (expiresAt = null) };
}

describe('session refresher', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('uses the spec policy: 30 s checks, 90 s threshold, 200 ms first backoff', () => {
    expect(SESSION_REFRESH_POLICY).toMatchObject({
      checkIntervalMs: 30_000,
      refreshWhenRemainingMs: 90_000,
      initialBackoffMs: 200,
    });
  });

  it('checks every 30 s and refreshes once 90 s or less remain', async () => {
    const { refresher, attempt, onRefreshed } = setup(150_000);
    refresher.start();

    await jest.advanceTimersByTimeAsync(29_999);
    expect(attempt).not.toHaveBeenCalled(); // 150 s left at start
    await jest.advanceTimersByTimeAsync(1); // t = 30 s: 120 s left
    expect(attempt).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(30_000); // t = 60 s: exactly 90 s left
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(onRefreshed).toHaveBeenCalledWith({ token: 'fresh' });

    await jest.advanceTimersByTimeAsync(5 * 30_000); // the new token has 15 min
    expect(attempt).toHaveBeenCalledTimes(1);
    refresher.stop();
  });

  it('refreshes at start when the token is already close to expiry', async () => {
    const { refresher, attempt } = setup(60_000);
    refresher.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(1);
    refresher.stop();
  });

  it('does nothing while signed out', async () => {
    const { refresher, attempt, signOut } = setup(10_000);
    signOut();
    refresher.start();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(attempt).not.toHaveBeenCalled();
    refresher.stop();
  });

  it('retries transient failures after 200, 400 and 800 ms', async () => {
    const { refresher, attempt, onRefreshed, onFailed } = setup(0);
    attempt
      .mockResolvedValueOnce(transient)
      .mockResolvedValueOnce(transient)
      .mockResolvedValueOnce(transient)
      .mockResolvedValueOnce(ok('after-retries'));

    const done = refresher.refresh();
    await jest.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(199);
    expect(attempt).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1); // +200 ms
    expect(attempt).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(399);
    expect(attempt).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1); // +400 ms
    expect(attempt).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(799);
    expect(attempt).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(1); // +800 ms
    await done;

    expect(attempt).toHaveBeenCalledTimes(4);
    expect(onRefreshed).toHaveBeenCalledWith({ token: 'after-retries' });
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('signs out at once when the server refuses the session (401)', async () => {
    const { refresher, attempt, onRefreshed, onFailed } = setup(0);
    attempt.mockResolvedValue(rejected);

    await refresher.refresh();
    await jest.advanceTimersByTimeAsync(10_000);

    expect(attempt).toHaveBeenCalledTimes(1);
    expect(onFailed).toHaveBeenCalledWith('rejected');
    expect(onRefreshed).not.toHaveBeenCalled();
  });

  it('signs out when every attempt fails (200 + 400 + 800 + 1600 ms of backoff)', async () => {
    const { refresher, attempt, onFailed } = setup(0);
    attempt.mockResolvedValue(transient);

    const done = refresher.refresh();
    await jest.advanceTimersByTimeAsync(2_999);
    expect(onFailed).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await done;

    expect(attempt).toHaveBeenCalledTimes(SESSION_REFRESH_POLICY.maxAttempts);
    expect(onFailed).toHaveBeenCalledWith('exhausted');
  });

  it('waits out a 429 for its Retry-After, as often as it takes, and never signs out for it', async () => {
    const { refresher, attempt, onRefreshed, onFailed } = setup(0);
    const limited = (retryAfterMs: number | null): RefreshAttempt<Session> => ({
      ok: false,
      transient: true,
      retryAfterMs,
    });
    for (let i = 0; i < 10; i += 1) attempt.mockResolvedValueOnce(limited(30_000));
    attempt.mockResolvedValueOnce(limited(null)).mockResolvedValueOnce(ok('after-the-wait'));

    const done = refresher.refresh();
    await jest.advanceTimersByTimeAsync(29_999);
    expect(attempt).toHaveBeenCalledTimes(1); // waiting for the Retry-After, not the 200 ms backoff
    await jest.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(9 * 30_000 + SESSION_REFRESH_POLICY.minRetryAfterMs);
    await done;

    expect(attempt).toHaveBeenCalledTimes(12);
    expect(onFailed).not.toHaveBeenCalled();
    expect(onRefreshed).toHaveBeenCalledWith({ token: 'after-the-wait' });
  });

  it('bounds a Retry-After so an absurd header cannot stall the session for hours', async () => {
    const { refresher, attempt, onRefreshed } = setup(0);
    attempt
      .mockResolvedValueOnce({ ok: false, transient: true, retryAfterMs: 86_400_000 })
      .mockResolvedValueOnce(ok('soon'));
    const done = refresher.refresh();
    await jest.advanceTimersByTimeAsync(SESSION_REFRESH_POLICY.maxRetryAfterMs);
    await done;
    expect(onRefreshed).toHaveBeenCalledWith({ token: 'soon' });
  });

  it('treats a throwing attempt as transient', async () => {
    const { refresher, attempt, onRefreshed } = setup(0);
    attempt.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(ok('second'));

    const done = refresher.refresh();
    await jest.advanceTimersByTimeAsync(200);
    await done;

    expect(onRefreshed).toHaveBeenCalledWith({ token: 'second' });
  });

  it('runs one refresh at a time', async () => {
    const { refresher, attempt } = setup(0);
    let finish: (value: RefreshAttempt<Session>) => void = () => undefined;
    attempt.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));

    const first = refresher.refresh();
    const second = refresher.refresh();
    const third = refresher.check();
    finish(ok('once'));
    await Promise.all([first, second, third]);

    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('ignores a refresh still in flight and cancels pending retries once stopped', async () => {
    const { refresher, attempt, onRefreshed, onFailed } = setup(0);
    attempt.mockResolvedValueOnce(transient);

    const done = refresher.refresh();
    await jest.advanceTimersByTimeAsync(0);
    refresher.stop();
    await jest.advanceTimersByTimeAsync(60_000);
    await done;

    expect(attempt).toHaveBeenCalledTimes(1);
    expect(onRefreshed).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('stops checking once stopped', async () => {
    const { refresher, attempt } = setup(100_000);
    refresher.start();
    refresher.stop();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(attempt).not.toHaveBeenCalled();
  });
});
