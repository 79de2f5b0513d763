import type { PotBalances, PotRules, SettleUpTransfer } from '@kitty/api-client';
import { useRemindDebtorMutation, useUpdatePotRulesMutation } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Button, Switch } from 'antd';
import { useState } from 'react';

import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';
import { TransferExplanationDialog } from './transfer-explanation';

export interface WhoOwesWhomProps {
  potId: string;
  balances: PotBalances;
  yourMemberId: string;
  /** The owner may remind anyone who owes (they cannot close the pot until everyone has settled up). */
  isOwner: boolean;
  /** An archived pot takes no payments, so nobody is reminded to make one. */
  archived?: boolean;
  /** The pot's rules: whether debts are simplified (its owner may switch that here). */
  rules: PotRules;
  /** Guests without an e-mail and former members (their address erased): Kitty has nowhere to remind them. */
  unreachable?: readonly string[];
  onRecordPayment: (transfer: PotBalances['plan'][number]) => void;
}

/**
 * Each member's net position — what they put into the pot counts for them ('Ann put in £30.00') — and the
 * settle-up plan ('A pays B £x'); you may record the transfers you are in, and remind the debtor of one you
 * are owed (or, as the owner, of any) — once a day per debt. What the pot still holds is its members' money:
 * the plan pays it back to them ('The pot pays Ann back £3.00'), or asks whoever used more than their own
 * to pay into the pot when debts are not simplified.
 */
export function WhoOwesWhom({
  potId,
  balances,
  yourMemberId,
  isOwner,
  archived = false,
  rules,
  unreachable = [],
  onRecordPayment,
}: WhoOwesWhomProps) {
  const toast = useToast();
  const [explaining, setExplaining] = useState<SettleUpTransfer | null>(null);
  const [remindDebtor, reminding] = useRemindDebtorMutation();
  const nameOf = (memberId: string) =>
    balances.positions.find((position) => position.memberId === memberId)?.name ?? 'A former member';
  const you = (memberId: string) => (memberId === yourMemberId ? ' (you)' : '');
  // The server decides too (403 otherwise); this only keeps the button off where it cannot work.
  const mayRemind = (transfer: SettleUpTransfer) =>
    !archived &&
    transfer.fromMemberId !== yourMemberId &&
    !unreachable.includes(transfer.fromMemberId) &&
    (transfer.toMemberId === yourMemberId || isOwner);
  const remindedToday = (transfer: SettleUpTransfer) =>
    balances.remindedToday.some(
      ({ fromMemberId, toMemberId }) =>
        fromMemberId === transfer.fromMemberId && toMemberId === transfer.toMemberId,
    );
  const isReminding = (transfer: SettleUpTransfer) =>
    reminding.isLoading &&
    reminding.originalArgs?.remindRequest.fromMemberId === transfer.fromMemberId &&
    reminding.originalArgs.remindRequest.toMemberId === transfer.toMemberId;

  const remind = async (transfer: SettleUpTransfer) => {
    try {
      const sent = await remindDebtor({
        potId,
        remindRequest: { fromMemberId: transfer.fromMemberId, toMemberId: transfer.toMemberId },
      }).unwrap();
      toast.success(
        'Reminder sent',
        `${sent.debtorName} will get an e-mail about the ${formatPence(sent.amountPence)} they owe.`,
      );
    } catch (error) {
      // A 429 ('You can remind Ben again tomorrow.'): someone reminded them first; the list then shows it.
      toastProblem(toast, error);
    }
  };

  return (
    <div className="who-owes-whom">
      <ul className="positions" aria-label="Net positions">
        {balances.positions.map((position) => (
          <li key={position.memberId} className="position">
            <span className="position-name">
              {position.name}
              {you(position.memberId)}
            </span>{' '}
            {position.putInPence > 0 && (
              <span className="position-put-in muted">put in {formatPence(position.putInPence)} · </span>
            )}
            {position.netPence > 0 ? (
              <span className="position-status position-owed">is owed {formatPence(position.netPence)}</span>
            ) : position.netPence < 0 ? (
              <span className="position-status position-owes">owes {formatPence(-position.netPence)}</span>
            ) : (
              <span className="position-status position-settled">settled up</span>
            )}
          </li>
        ))}
      </ul>

      <h3 className="subheading">Settle up</h3>
      <SimplifyDebts potId={potId} rules={rules} canChange={isOwner && !archived} />
      {balances.plan.length === 0 && balances.potPlan.length === 0 ? (
        <p className="muted">Everyone is settled up.</p>
      ) : (
        <ul className="settle-plan" aria-label="Settle-up plan">
          {balances.plan.map((transfer) => {
            const debtor = nameOf(transfer.fromMemberId);
            const text = `${debtor} pays ${nameOf(transfer.toMemberId)} ${formatPence(transfer.amountPence)}`;
            const reminded = remindedToday(transfer);
            return (
              <li key={`${transfer.fromMemberId}-${transfer.toMemberId}`} className="settle-row">
                <span>{text}</span>
                <span className="settle-actions">
                  {/* Only the two people in a payment may record it. */}
                  {(transfer.fromMemberId === yourMemberId || transfer.toMemberId === yourMemberId) && (
                    <Button
                      size="small"
                      onClick={() => onRecordPayment(transfer)}
                      aria-label={`Record payment: ${text}`}
                    >
                      Record payment
                    </Button>
                  )}
                  <Button
                    size="small"
                    type="link"
                    onClick={() => setExplaining(transfer)}
                    aria-label={`Why: ${text}`}
                  >
                    Why?
                  </Button>
                  {mayRemind(transfer) && (
                    <Button
                      size="small"
                      disabled={reminded}
                      loading={isReminding(transfer)}
                      onClick={() => remind(transfer)}
                      aria-label={reminded ? `Reminded today: ${text}` : `Remind ${debtor}: ${text}`}
                      aria-describedby={
                        reminded ? `reminded-${transfer.fromMemberId}-${transfer.toMemberId}` : undefined
                      }
                    >
                      {reminded ? 'Reminded today' : 'Remind'}
                    </Button>
                  )}
                </span>
                {mayRemind(transfer) && reminded && (
                  <span
                    className="muted settle-note"
                    id={`reminded-${transfer.fromMemberId}-${transfer.toMemberId}`}
                  >
                    {debtor} was e-mailed today. You can remind {debtor} again tomorrow.
                  </span>
                )}
              </li>
            );
          })}
          {balances.potPlan.map((step) => (
            <li key={`pot-${step.direction}-${step.memberId}`} className="settle-row settle-row-pot">
              <span>
                {step.direction === 'from_pot'
                  ? `The pot pays ${nameOf(step.memberId)} back ${formatPence(step.amountPence)}`
                  : `${nameOf(step.memberId)} pays ${formatPence(step.amountPence)} into the pot`}
              </span>
              <span className="muted settle-note">
                {step.direction === 'from_pot'
                  ? `It is ${nameOf(step.memberId)}'s money: a withdrawal from the pot pays it back.`
                  : `A top-up of the pot: the pot paid that much more for ${nameOf(step.memberId)} than they put in.`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {explaining && (
        <TransferExplanationDialog
          potId={potId}
          transfer={explaining}
          nameOf={nameOf}
          onClose={() => setExplaining(null)}
        />
      )}
    </div>
  );
}

/**
 * 'Simplify debts': on, the plan has the fewest payments; off, everyone pays back exactly whom
 * they owe. The owner of an open pot switches it; everyone else reads which it is.
 */
function SimplifyDebts({ potId, rules, canChange }: { potId: string; rules: PotRules; canChange: boolean }) {
  const toast = useToast();
  const [updateRules, { isLoading }] = useUpdatePotRulesMutation();
  const explanation = rules.simplifyDebts
    ? 'Debts are simplified: the fewest payments that settle everyone.'
    : 'Debts are not simplified: everyone pays back exactly whom they owe.';
  const change = async (simplifyDebts: boolean) => {
    try {
      await updateRules({
        potId,
        updatePotRulesRequest: {
          withdrawRule: rules.withdrawRule,
          spendRule: rules.spendRule,
          approvalAbovePence: rules.approvalAbovePence,
          simplifyDebts,
        },
      }).unwrap();
      toast.success(
        simplifyDebts ? 'Debts simplified' : 'Debts no longer simplified',
        'Everyone in the pot sees the new plan.',
      );
    } catch (error) {
      toastProblem(toast, error);
    }
  };
  if (!canChange) return <p className="muted simplify-debts">{explanation}</p>;
  return (
    <div className="simplify-debts">
      <Switch
        id="simplify-debts"
        checked={rules.simplifyDebts}
        loading={isLoading}
        onChange={change}
        aria-describedby="simplify-debts-help"
      />{' '}
      <label htmlFor="simplify-debts">Simplify debts</label>
      <p className="muted" id="simplify-debts-help">
        {explanation}
      </p>
    </div>
  );
}
