import {
  DEFAULT_POT_RULES,
  INVITE_RULE_LABELS,
  type InviteRule,
  POT_RULE_LABELS,
  type PotRule,
  type PotRules,
} from '@kitty/contracts';

import type { Pot } from '../generated/prisma/client';

const isRule = (value: string): value is PotRule => value in POT_RULE_LABELS;
const isInviteRule = (value: string): value is InviteRule => value in INVITE_RULE_LABELS;

/** The pot row's rules (the columns only ever hold values the request schema allowed). */
export function rulesOf(
  pot: Pick<Pot, 'withdrawRule' | 'spendRule' | 'approvalAbovePence' | 'inviteRule' | 'simplifyDebts'>,
): PotRules {
  return {
    withdrawRule: isRule(pot.withdrawRule) ? pot.withdrawRule : DEFAULT_POT_RULES.withdrawRule,
    spendRule: isRule(pot.spendRule) ? pot.spendRule : DEFAULT_POT_RULES.spendRule,
    approvalAbovePence: pot.approvalAbovePence,
    inviteRule: isInviteRule(pot.inviteRule) ? pot.inviteRule : DEFAULT_POT_RULES.inviteRule,
    simplifyDebts: pot.simplifyDebts,
  };
}
