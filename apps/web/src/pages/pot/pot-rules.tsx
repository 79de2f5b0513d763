import './pot-rules.css';

import type { PotDetail, PotRules } from '@kitty/api-client';
import { useUpdatePotRulesMutation } from '@kitty/api-client';
import { INVITE_RULE_LABELS, MAX_APPROVAL_ABOVE_PENCE, MIN_APPROVAL_ABOVE_PENCE } from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { Button, Form, InputNumber, Radio } from 'antd';
import { useEffect } from 'react';

import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

type Rule = PotRules['withdrawRule'];
type InviteRule = PotRules['inviteRule'];

/** How each rule reads, for withdrawals and for card spending (a card cannot wait for an approval). */
export function describeWithdrawRule(rule: Rule, approvalAbovePence: number): string {
  if (rule === 'owner') return 'Only the owner';
  if (rule === 'members') return 'Any member';
  return `Any member; above ${formatPence(approvalAbovePence)} a second member approves first`;
}

export function describeSpendRule(rule: Rule, approvalAbovePence: number): string {
  if (rule === 'owner') return "Only the owner's card";
  if (rule === 'members') return "Any member's card";
  return `Any member's card up to ${formatPence(approvalAbovePence)} a payment, more once a second member has approved it in advance; the owner's for any amount.`;
}

interface RulesValues {
  withdrawRule: Rule;
  spendRule: Rule;
  inviteRule: InviteRule;
  /** Pounds, as typed (converted to whole pence on save); absent while no rule uses it. */
  approvalAbovePounds?: number;
}

const CHOICES: { value: Rule; label: string }[] = [
  { value: 'owner', label: 'Only the owner' },
  { value: 'members', label: 'Any member' },
  { value: 'approval', label: 'Any member, a second member approves above the amount' },
];

const INVITE_CHOICES = Object.entries(INVITE_RULE_LABELS).map(([value, label]) => ({
  value: value as InviteRule,
  label,
}));

export interface PotRulesPanelProps {
  pot: Pick<PotDetail, 'id' | 'rules' | 'yourRole' | 'isActive'>;
}

/**
 * 'Pot rules': who may withdraw the pot's money, whose card may spend it and who
 * may invite people. The owner of an
 * open pot changes them here; everyone else reads them (the server refuses anyone else's change too).
 */
export function PotRulesPanel({ pot }: PotRulesPanelProps) {
  const { rules } = pot;
  const canChange = pot.yourRole === 'owner' && pot.isActive;
  return (
    <div className="pot-rules">
      <dl className="pot-rules-list" aria-label="Pot rules">
        <div>
          <dt>Who may withdraw</dt>
          <dd>{describeWithdrawRule(rules.withdrawRule, rules.approvalAbovePence)}</dd>
        </div>
        <div>
          <dt>Who may spend with their card</dt>
          <dd>{describeSpendRule(rules.spendRule, rules.approvalAbovePence)}</dd>
        </div>
        <div>
          <dt>Who may invite people</dt>
          <dd>{INVITE_RULE_LABELS[rules.inviteRule]}</dd>
        </div>
      </dl>
      <p className="muted">Every withdrawal from the pot is announced to its members.</p>
      {canChange && <PotRulesForm potId={pot.id} rules={rules} />}
    </div>
  );
}

function PotRulesForm({ potId, rules }: { potId: string; rules: PotRules }) {
  const toast = useToast();
  const [form] = Form.useForm<RulesValues>();
  const [updateRules, { isLoading }] = useUpdatePotRulesMutation();
  const initial: RulesValues = {
    withdrawRule: rules.withdrawRule,
    spendRule: rules.spendRule,
    inviteRule: rules.inviteRule,
    approvalAbovePounds: rules.approvalAbovePence / 100,
  };
  // The rules changed elsewhere (another tab): the form shows them.
  const {
    withdrawRule: savedWithdraw,
    spendRule: savedSpend,
    inviteRule: savedInvite,
    approvalAbovePence: savedAmount,
  } = rules;
  useEffect(
    () =>
      form.setFieldsValue({
        withdrawRule: savedWithdraw,
        spendRule: savedSpend,
        inviteRule: savedInvite,
        approvalAbovePounds: savedAmount / 100,
      }),
    [form, savedWithdraw, savedSpend, savedInvite, savedAmount],
  );
  const withdrawRule = Form.useWatch('withdrawRule', form);
  const spendRule = Form.useWatch('spendRule', form);
  const usesAmount = withdrawRule === 'approval' || spendRule === 'approval';

  const save = async (values: RulesValues) => {
    try {
      await updateRules({
        potId,
        updatePotRulesRequest: {
          withdrawRule: values.withdrawRule,
          spendRule: values.spendRule,
          inviteRule: values.inviteRule,
          // Kept while no rule uses it (the field is then not shown).
          approvalAbovePence: Math.round(
            (values.approvalAbovePounds ?? form.getFieldValue('approvalAbovePounds') ?? savedAmount / 100) *
              100,
          ),
        },
      }).unwrap();
      toast.success('Pot rules saved', 'Everyone in the pot sees the new rules.');
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <Form
      form={form}
      name="pot-rules"
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={save}
      disabled={isLoading}
      className="pot-rules-form"
    >
      <Form.Item label="Who may withdraw to their bank" name="withdrawRule">
        <Radio.Group options={CHOICES} className="pot-rules-choices" />
      </Form.Item>
      <Form.Item label="Whose card may spend from the pot" name="spendRule">
        <Radio.Group options={CHOICES} className="pot-rules-choices" />
      </Form.Item>
      <Form.Item label="Who may invite people" name="inviteRule">
        <Radio.Group options={INVITE_CHOICES} className="pot-rules-choices" />
      </Form.Item>
      {usesAmount && (
        <Form.Item
          label="Amount above which a second member approves"
          name="approvalAbovePounds"
          extra="Card payments above it are declined for members: a card payment cannot wait for an approval."
          rules={[
            {
              required: true,
              type: 'number',
              min: MIN_APPROVAL_ABOVE_PENCE / 100,
              max: MAX_APPROVAL_ABOVE_PENCE / 100,
              message: `Enter an amount from ${formatPence(MIN_APPROVAL_ABOVE_PENCE)} to ${formatPence(MAX_APPROVAL_ABOVE_PENCE)}.`,
            },
          ]}
        >
          <InputNumber
            prefix="£"
            min={MIN_APPROVAL_ABOVE_PENCE / 100}
            max={MAX_APPROVAL_ABOVE_PENCE / 100}
            precision={2}
            step={1}
            inputMode="decimal"
            aria-label="Approval amount in pounds"
            className="pot-rules-amount"
          />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        Save rules
      </Button>
    </Form>
  );
}
