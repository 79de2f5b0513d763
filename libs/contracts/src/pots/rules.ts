import { z } from 'zod';

import { apiRequestSchema, apiSchema } from '../common';

/**
 * Who may move a pot's money out: its owner only, any member, or any member up to
 * `approvalAbovePence` with a second member approving anything above it.
 */
export const POT_RULES = ['owner', 'members', 'approval'] as const;
export const PotRule = z.enum(POT_RULES);
export type PotRule = z.infer<typeof PotRule>;

/** Who may invite people to the pot: its owner only, or any member. */
export const INVITE_RULES = ['owner', 'members'] as const;
export const InviteRule = z.enum(INVITE_RULES);
export type InviteRule = z.infer<typeof InviteRule>;

/** The amount above which 'approval' asks a second member: £1 to £5,000, £50 until the owner says. */
export const MIN_APPROVAL_ABOVE_PENCE = 100;
export const MAX_APPROVAL_ABOVE_PENCE = 500_000;
export const DEFAULT_APPROVAL_ABOVE_PENCE = 5_000;

/**
 * A new pot's rules: the owner alone withdraws and invites; every member's card spends from their active pot;
 * debts are simplified.
 */
export const DEFAULT_POT_RULES = {
  withdrawRule: 'owner',
  spendRule: 'members',
  approvalAbovePence: DEFAULT_APPROVAL_ABOVE_PENCE,
  inviteRule: 'owner',
  simplifyDebts: true,
} as const satisfies PotRules;

export const PotRules = apiSchema(
  'PotRules',
  z.object({
    /** Who may withdraw the pot's money to their bank. */
    withdrawRule: PotRule,
    /** Whose card may spend from the pot. */
    spendRule: PotRule,
    approvalAbovePence: z.number().int(),
    /** Who may invite people. */
    inviteRule: InviteRule,
    /**
     * The settle-up plan has the fewest payments (true), or everyone pays back exactly whom they owe
     * (false).
     */
    simplifyDebts: z.boolean(),
  }),
);
export type PotRules = z.infer<typeof PotRules>;

export const UpdatePotRulesRequest = apiRequestSchema(
  'UpdatePotRulesRequest',
  z
    .object({
      withdrawRule: PotRule,
      spendRule: PotRule,
      approvalAbovePence: z
        .number({ error: 'Please enter the amount above which a second member approves.' })
        .int('Amounts are whole pence.')
        .min(MIN_APPROVAL_ABOVE_PENCE, 'The amount must be at least £1.00.')
        .max(MAX_APPROVAL_ABOVE_PENCE, 'The amount must be at most £5,000.00.'),
      /** Left out (clients from before the rule): unchanged. */
      inviteRule: InviteRule.optional(),
      /** Left out (clients from before the rule): unchanged. */
      simplifyDebts: z.boolean().optional(),
    })
    .strict(),
);
export type UpdatePotRulesRequest = z.infer<typeof UpdatePotRulesRequest>;

/** How the rules read, in the app and in the feed. */
export const POT_RULE_LABELS: Record<PotRule, string> = {
  owner: 'Only the owner',
  members: 'Any member',
  approval: 'Any member; a second member approves above the amount',
};

export const INVITE_RULE_LABELS: Record<InviteRule, string> = {
  owner: 'Only the owner',
  members: 'Any member',
};

/**
 * What may a user do with a pot's money under its rule, for an amount: 'yes', 'no' (the rule keeps it to the
 * owner) or 'approval' (a second member must approve it first).
 */
export function potRuleAllows(
  rule: PotRule,
  role: 'owner' | 'member',
  amountPence: number,
  approvalAbovePence: number,
): 'yes' | 'no' | 'approval' {
  if (role === 'owner' || rule === 'members') return 'yes';
  if (rule === 'owner') return 'no';
  return amountPence > approvalAbovePence ? 'approval' : 'yes';
}
