import './recorded-payments.css';

import type { PotMember, Settlement } from '@kitty/api-client';
import { useUndoSettlementMutation, useUpdateSettlementMutation } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Button, Input, Modal, Popconfirm, Tag } from 'antd';
import { useState } from 'react';

import { formatDate } from '../../pots/format';
import { parseAmountPence, penceText } from '../../pots/split';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

/** How many recorded payments show before 'Show all'. */
const SHOWN = 5;

export interface RecordedPaymentsProps {
  potId: string;
  settlements: readonly Settlement[];
  members: readonly PotMember[];
  yourMemberId: string;
  isOwner: boolean;
  archived: boolean;
}

/**
 * Repayments that count, newest first. Either person in one, or the owner, can correct its
 * amount or undo it; a payment made with Kitty moved money between wallets and stays as it is.
 */
export function RecordedPayments({
  potId,
  settlements,
  members,
  yourMemberId,
  isOwner,
  archived,
}: RecordedPaymentsProps) {
  const toast = useToast();
  const [undoSettlement, undoing] = useUndoSettlementMutation();
  const [editing, setEditing] = useState<Settlement | null>(null);
  const [showAll, setShowAll] = useState(false);
  const recorded = settlements.filter((settlement) => settlement.status === 'confirmed');
  if (recorded.length === 0) return null;

  const nameOf = (memberId: string) => members.find(({ id }) => id === memberId)?.name ?? 'a former member';
  const describe = (settlement: Settlement) =>
    `${nameOf(settlement.fromMemberId)} paid ${nameOf(settlement.toMemberId)} ${formatPence(settlement.amountPence)}`;
  const mayChange = (settlement: Settlement) =>
    !archived &&
    !settlement.paidWithKitty &&
    (isOwner || settlement.fromMemberId === yourMemberId || settlement.toMemberId === yourMemberId);

  const undo = async (settlement: Settlement) => {
    try {
      await undoSettlement({ potId, settlementId: settlement.id }).unwrap();
      toast.success('Payment undone', `${describe(settlement)} no longer counts.`);
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <section className="recorded-payments" aria-label="Recorded payments">
      <h3 className="recorded-payments-title">Payments</h3>
      <ul className="expense-list">
        {(showAll ? recorded : recorded.slice(0, SHOWN)).map((settlement) => (
          <li key={settlement.id} className="expense-item">
            <div className="expense-main">
              <span className="expense-description">{describe(settlement)}</span>
              {settlement.paidWithKitty && <Tag color="blue">With Kitty</Tag>}
            </div>
            <div className="expense-meta muted">
              Recorded by {settlement.createdByName} · {formatDate(settlement.createdAt)}
            </div>
            {mayChange(settlement) && (
              <div className="expense-actions">
                <Button
                  size="small"
                  onClick={() => setEditing(settlement)}
                  aria-label={`Change: ${describe(settlement)}`}
                >
                  Change
                </Button>
                <Popconfirm
                  title="Undo this payment?"
                  description="It no longer counts, and who owes whom goes back to before it."
                  okText="Undo"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => undo(settlement)}
                >
                  <Button
                    size="small"
                    danger
                    loading={undoing.isLoading && undoing.originalArgs?.settlementId === settlement.id}
                    aria-label={`Undo: ${describe(settlement)}`}
                  >
                    Undo
                  </Button>
                </Popconfirm>
              </div>
            )}
          </li>
        ))}
      </ul>
      {recorded.length > SHOWN && (
        <Button type="link" size="small" onClick={() => setShowAll(!showAll)}>
          {showAll ? 'Show fewer' : `Show all ${recorded.length} payments`}
        </Button>
      )}
      {editing && (
        <ChangePaymentDialog
          potId={potId}
          settlement={editing}
          title={`${nameOf(editing.fromMemberId)} paid ${nameOf(editing.toMemberId)}`}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

function ChangePaymentDialog({
  potId,
  settlement,
  title,
  onClose,
}: {
  potId: string;
  settlement: Settlement;
  title: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const [updateSettlement, update] = useUpdateSettlementMutation();
  const [amount, setAmount] = useState(penceText(settlement.amountPence));
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const pence = parseAmountPence(amount);
    if (pence === null) {
      setError('Please enter an amount greater than £0.');
      return;
    }
    try {
      await updateSettlement({
        potId,
        settlementId: settlement.id,
        updateSettlementRequest: { amountPence: pence },
      }).unwrap();
      toast.success('Payment changed', `${title} ${formatPence(pence)}.`);
      onClose();
    } catch (problem) {
      toastProblem(toast, problem);
    }
  };

  return (
    <Modal
      open
      title="Change payment"
      okText="Save"
      onOk={save}
      onCancel={onClose}
      okButtonProps={{ loading: update.isLoading }}
      cancelButtonProps={{ disabled: update.isLoading }}
      destroyOnHidden
    >
      <p>{title}: who owes whom follows the new amount, and the activity feed records the change.</p>
      <label htmlFor="payment-amount">Amount</label>
      <Input
        id="payment-amount"
        prefix="£"
        inputMode="decimal"
        value={amount}
        status={error ? 'error' : undefined}
        onChange={(event) => {
          setError(null);
          setAmount(event.target.value);
        }}
        onPressEnter={save}
        disabled={update.isLoading}
      />
      {error && (
        <p className="split-message split-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
