/** Time source, injectable so tests can move past `expires_at` without waiting a day. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Stripe timestamps are whole unix seconds. */
export const unixSeconds = (clock: Clock): number => Math.floor(clock.now() / 1000);
