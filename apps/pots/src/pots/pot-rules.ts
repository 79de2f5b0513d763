import { type PotRule, type PotRules, type UpdatePotRulesCommand } from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { Injectable } from '@nestjs/common';

import { recordActivity } from '../core/activity';
import { rebuildDirectDebts } from '../core/direct-debts';
import { requireOpenPot, requireOwner } from '../core/pot-access';
import { announcePotAccess } from '../core/pot-access-announcement';
import { lockPot, potById } from '../core/pot-rows.repository';
import { rulesOf } from '../core/rules-of';
import { refreshSettlePlan } from '../core/settle-plan';
import { type Tx, UnitOfWork } from '../core/unit-of-work';
import { clearSettlePlan, updatePot } from './pots.repository';

/** How one rule reads in the feed: 'only the owner', 'any member', 'a second member approves above £50.00'. */
function describeRule(rule: PotRule, approvalAbovePence: number): string {
  if (rule === 'owner') return 'only the owner';
  if (rule === 'members') return 'any member';
  return `any member, a second member approves above ${formatPence(approvalAbovePence)}`;
}

/** The feed's words for a change of rules, naming only what changed (null: nothing did). */
export function describeRulesChange(before: PotRules, after: PotRules): string | null {
  const amountChanged = before.approvalAbovePence !== after.approvalAbovePence;
  const parts: string[] = [];
  const changed = (key: 'withdrawRule' | 'spendRule') =>
    before[key] !== after[key] || (after[key] === 'approval' && amountChanged);
  if (changed('withdrawRule'))
    parts.push(`withdrawals: ${describeRule(after.withdrawRule, after.approvalAbovePence)}`);
  if (changed('spendRule'))
    parts.push(`card spending: ${describeRule(after.spendRule, after.approvalAbovePence)}`);
  if (before.inviteRule !== after.inviteRule)
    parts.push(`invitations: ${after.inviteRule === 'owner' ? 'only the owner' : 'any member'}`);
  if (before.simplifyDebts !== after.simplifyDebts)
    parts.push(
      after.simplifyDebts
        ? 'debts simplified (the fewest payments)'
        : 'debts not simplified (everyone pays back exactly whom they owe)',
    );
  return parts.length ? parts.join('; ') : null;
}

/**
 * Simplifying was turned on or off: the plan is made afresh the other way (the old plan is no starting
 * point for it), from pairs rebuilt from the pot's history if it is older than them.
 */
async function replan(tx: Tx, potId: string, directDebtsComplete: boolean): Promise<void> {
  await lockPot(tx, potId);
  if (!directDebtsComplete) await rebuildDirectDebts(tx, potId);
  await clearSettlePlan(tx, potId);
  await refreshSettlePlan(tx, potId);
}

@Injectable()
export class PotRulesService {
  constructor(private readonly work: UnitOfWork) {}

  /**
   * Only the owner sets the rules, of an open pot; the change is written to the feed in the same
   * transaction (members' tabs are told by the controller's @TellsPotMembers).
   */
  async update({ caller, potId, body }: UpdatePotRulesCommand): Promise<void> {
    await this.work.transaction(async (tx: Tx) => {
      await requireOwner(tx, potId, caller.userId, 'change the pot rules');
      await requireOpenPot(tx, potId, 'change its rules');
      const pot = await potById(tx, potId);
      const before = rulesOf(pot);
      const after = {
        ...body,
        inviteRule: body.inviteRule ?? before.inviteRule,
        simplifyDebts: body.simplifyDebts ?? before.simplifyDebts,
      };
      const change = describeRulesChange(before, after);
      if (!change) return;
      await updatePot(tx, potId, after);
      await announcePotAccess(tx, potId);
      if (after.simplifyDebts !== before.simplifyDebts) await replan(tx, potId, pot.directDebtsComplete);
      await recordActivity(
        tx,
        potId,
        caller,
        'pot.rules_changed',
        `${caller.name} changed the pot rules: ${change}`,
      );
    });
  }
}
