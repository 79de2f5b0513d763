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

/**
 * `pots.card-pot.changed`: the pot a user's card spends from (their active pot; null: none), as of `version`
 * (which only grows for a user). Written to pots' outbox in the transaction of every change to it, so payments
 * decides a card authorisation without asking pots. Whether the user may spend from that pot is the pot's
 * own access (above), so a user who left it is refused there.
 */
export const CardPotChangedJob = z.object({
  userId: Uuid,
  potId: Uuid.nullable(),
  version: z.number().int().positive(),
});
export type CardPotChangedJob = z.infer<typeof CardPotChangedJob>;

/**
 * `pots.spend-approval.changed`: a second member approved a card payment up to `amountPence` (`withdrawn`
 * false), or its requester cancelled that approval (`withdrawn` true). An approval is granted once and
 * withdrawn at most once after, so payments merges the two without a version: a withdrawal wins whatever the
 * order they arrive in. Whether it is used is payments' fact (it uses one with the hold of a card payment).
 */
export const SpendApprovalChangedJob = z.object({
  approvalId: Uuid,
  potId: Uuid,
  userId: Uuid,
  amountPence: z.number().int().positive(),
  expiresAt: IsoDateTime,
  withdrawn: z.boolean(),
});
export type SpendApprovalChangedJob = z.infer<typeof SpendApprovalChangedJob>;

/** What pots tells payments so that payments decides pot money commands on its own data. */
export const PaymentsPotAccessQueue = defineQueue('payments-pot-access', [
  'pots.pot-access.changed.v1',
  'pots.card-pot.changed.v1',
  'pots.spend-approval.changed.v1',
]);
