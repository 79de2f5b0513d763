import { z } from 'zod';

import { defineQueue, IsoDateTime, Uuid } from '../common';
import { PotRules } from './rules';

/** A member with an account, as payments needs them to decide who may move the pot's money. */
export const PotAccessMember = z.object({
  userId: Uuid,
  role: z.enum(['owner', 'member']),
  name: z.string(),
  joinedAt: IsoDateTime,
});
export type PotAccessMember = z.infer<typeof PotAccessMember>;

/**
 * `pots.pot-access.changed`: who belongs to a pot and under which rules, as of `version` (which only grows
 * for a pot). Written to pots' outbox in the transaction of every change to the pot's name, state, rules or
 * members with an account, so payments keeps a projection and decides money commands on its own data. A
 * snapshot, not a diff: an event that arrives late (a lower version) is simply older news.
 */
export const PotAccessChangedJob = z.object({
  potId: Uuid,
  version: z.number().int().positive(),
  name: z.string(),
  isActive: z.boolean(),
  rules: PotRules,
  members: z.array(PotAccessMember),
});
export type PotAccessChangedJob = z.infer<typeof PotAccessChangedJob>;

export const PaymentsPotAccessQueue = defineQueue('payments-pot-access', ['pots.pot-access.changed.v1']);
