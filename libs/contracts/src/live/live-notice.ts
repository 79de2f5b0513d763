import { z } from 'zod';

import { Uuid } from '../common';

/**
 * What changed, as an open tab reads it: the wallet, the caller's top-ups or withdrawals,
 * the list of pots, the caller's notifications, their onboarding (payment account and card), or one pot (its balance, members, expenses, plan and
 * activity). A notice says only
 * that something changed, never what it now is: the tab re-reads it through the API, which checks access.
 * When the change was to one expense, the notice names it, so a tab reads that expense alone instead of
 * the pot's whole list.
 */
export const LIVE_TOPICS = [
  'wallet',
  'top-ups',
  'withdrawals',
  'pots',
  'notifications',
  'onboarding',
] as const;
const POT_TOPIC = /^pot:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export type LiveTopic = (typeof LIVE_TOPICS)[number] | `pot:${string}`;
export const LiveTopic = z.custom<LiveTopic>(
  (value) =>
    typeof value === 'string' &&
    ((LIVE_TOPICS as readonly string[]).includes(value) || POT_TOPIC.test(value)),
  { error: 'Not a live topic.' },
);

export const potTopic = (potId: string): LiveTopic => `pot:${potId}`;

/** An expense of a pot, by id: what a tab reads again (`GET /api/pots/{potId}/expenses/{expenseId}`). */
export const ChangedExpense = z.object({ potId: Uuid, expenseId: Uuid });
export type ChangedExpense = z.infer<typeof ChangedExpense>;

/** A notice names at most this many users; a bigger pot's members are told in several. */
export const MAX_LIVE_RECIPIENTS = 500;

/** Published by a service after its change commits; every gateway replica hears it and tells its streams. */
export const LiveNotice = z.object({
  userIds: z.array(Uuid).min(1).max(MAX_LIVE_RECIPIENTS),
  topics: z.array(LiveTopic).min(1).max(8),
  /** When the change committed (ms since the epoch): the latency from there to a tab is measured. */
  at: z.number().int().positive(),
  /** The one expense a pot's change was to (added, edited, confirmed, declined or deleted), if it was one. */
  expense: ChangedExpense.optional(),
});
export type LiveNotice = z.infer<typeof LiveNotice>;

/** The one Redis pub/sub channel of a deployment's notices. */
export const liveChannel = (queuePrefix: string) => `${queuePrefix}:live`;
