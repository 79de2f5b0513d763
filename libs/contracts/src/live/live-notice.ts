import { z } from 'zod';

import { Uuid } from '../common';

/**
 * What changed, as an open tab reads it: the wallet, the caller's top-ups or withdrawals,
 * the list of pots, the caller's notifications, their onboarding (payment account and card), or one pot (its balance, members, expenses, plan and
 * activity). A notice says only
 * that something changed, never what it now is: the tab re-reads it through the API, which checks access.
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

/** A notice names at most this many users; a bigger pot's members are told in several. */
export const MAX_LIVE_RECIPIENTS = 500;

/** Published by a service after its change commits; every gateway replica hears it and tells its streams. */
export const LiveNotice = z.object({
  userIds: z.array(Uuid).min(1).max(MAX_LIVE_RECIPIENTS),
  topics: z.array(LiveTopic).min(1).max(8),
  /** When the change committed (ms since the epoch): the latency from there to a tab is measured. */
  at: z.number().int().positive(),
});
export type LiveNotice = z.infer<typeof LiveNotice>;

/** The one Redis pub/sub channel of a deployment's notices. */
export const liveChannel = (queuePrefix: string) => `${queuePrefix}:live`;
