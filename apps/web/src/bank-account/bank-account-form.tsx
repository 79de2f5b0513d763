import './bank-account.css';

import {
  type BankAccountRequest,
  httpStatusOf,
  problemDetail,
  useGetBankAccountQuery,
  useSetBankAccountMutation,
} from '@kitty/api-client';
import { bankDigitsProblem, payoutsAvailableNotice } from '@kitty/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';

import { toastProblem } from '../ui/problem-toast';
import { serverFieldErrors } from '../ui/server-field-errors';
import { useToast } from '../ui/toast';

const FIELDS = ['sortCode', 'accountNumber', 'accountHolderName', 'password'] as const;

/** What the server answers when the modulus check fails: shown as it says, beside the account number. */
const MISMATCH = "That sort code and account number don't match: check them with your bank.";

/**
 * '123456' and '12 34 56' → '12-34-56' as the user types. Every digit is kept (a seventh one shows as
 * '12-34-56-7' and is refused), and anything but digits, spaces and dashes is left as typed to be refused:
 * a number cut or cleaned silently could be someone else's account.
 */
function formatSortCode(value: string): string {
  if (!/^[\d\s-]*$/.test(value)) return value;
  return value.replace(/\D/g, '').replace(/(\d{2})(?=\d)/g, '$1-');
}

/** Spaces and dashes as people copy account numbers ('5577 9911') are dropped; nothing else is changed. */
function compactAccountNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The server's digit rule, checked as the user leaves the field: the message names the field and the count. */
const digitsRule = (field: 'sortCode' | 'accountNumber') => ({
  validator: async (_rule: unknown, value: string | undefined) => {
    if (!value) return;
    const problem = bankDigitsProblem(field, value.replace(/[\s-]/g, ''));
    if (problem) throw new Error(problem);
  },
});

/**
 * The user's own UK bank account, where their withdrawals are paid: shown as sort code and last four
 * digits (all Kitty keeps), and set or changed with a form that asks for the password again (where money
 * goes is never changed with a session alone). The server checks the pair with the banks' modulus rules; a
 * pair that cannot exist is refused with a message under the account number, a wrong password under the
 * password. After a change, withdrawals to the new account wait a while: the page says until when.
 */
export function BankAccountForm({ onSaved }: { onSaved?: () => void }) {
  const toast = useToast();
  const current = useGetBankAccountQuery();
  const [save, { isLoading }] = useSetBankAccountMutation();
  const [form] = Form.useForm<BankAccountRequest>();
  const [editing, setEditing] = useState(false);
  const bank = current.data?.bankAccount ?? null;

  const onFinish = async (values: BankAccountRequest) => {
    try {
      await save(values).unwrap();
    } catch (error) {
      const status = httpStatusOf(error);
      if (status === 400 || status === 422) {
        const fields = serverFieldErrors(error, FIELDS);
        form.setFields(
          fields.length > 0
            ? fields
            : [{ name: 'accountNumber', errors: [problemDetail(error) ?? MISMATCH] }],
        );
      } else toastProblem(toast, error);
      return;
    }
    setEditing(false);
    form.resetFields();
    toast.success(
      'Bank account saved',
      'Your withdrawals will be paid to this account. We have e-mailed you about the change.',
    );
    onSaved?.();
  };

  if (current.isLoading) return <p className="muted">Loading…</p>;

  return (
    <div className="bank-account">
      {bank ? (
        <p className="bank-account-current" data-testid="bank-account-current">
          {bank.bankName ? `${bank.bankName} · ` : ''}Sort code {bank.sortCode} · Account •••• {bank.last4}
          <span className="muted"> · {bank.accountHolderName}</span>
        </p>
      ) : (
        <p className="muted">No bank account yet: add yours to withdraw money from Kitty.</p>
      )}
      {bank?.payoutsAvailableFrom && (
        <Alert
          type="info"
          showIcon
          data-testid="bank-account-cooling-off"
          message={payoutsAvailableNotice(`•••• ${bank.last4}`, bank.payoutsAvailableFrom)}
          description="A new bank account waits a while before money can be paid to it, in case the change was not yours."
        />
      )}
      {editing || !bank ? (
        <Form
          form={form}
          name="bank-account"
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={isLoading}
          className="bank-account-form"
          aria-label="Bank account"
        >
          <Form.Item
            name="accountHolderName"
            label="Name on the account"
            rules={[{ required: true, message: 'Name on the account is required.' }]}
          >
            <Input autoComplete="name" maxLength={100} />
          </Form.Item>
          <div className="bank-account-numbers">
            <Form.Item
              name="sortCode"
              label="Sort code"
              normalize={formatSortCode}
              rules={[{ required: true, message: 'Sort code is required.' }, digitsRule('sortCode')]}
            >
              <Input inputMode="numeric" placeholder="12-34-56" autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="accountNumber"
              label="Account number"
              normalize={compactAccountNumber}
              rules={[
                { required: true, message: 'Account number is required.' },
                digitsRule('accountNumber'),
              ]}
            >
              <Input inputMode="numeric" placeholder="12345678" autoComplete="off" />
            </Form.Item>
          </div>
          <Form.Item
            name="password"
            label="Your Kitty password"
            extra="To keep your money safe, changing where withdrawals go needs your password."
            rules={[{ required: true, message: 'Please enter your password.' }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <div className="bank-account-actions">
            <Button type="primary" htmlType="submit" loading={isLoading}>
              Save bank account
            </Button>
            {bank && <Button onClick={() => setEditing(false)}>Cancel</Button>}
          </div>
        </Form>
      ) : (
        <Button onClick={() => setEditing(true)}>Change bank account</Button>
      )}
      {current.isError && (
        <Alert
          type="error"
          showIcon
          message="Your bank account could not be loaded. Please try again later."
        />
      )}
    </div>
  );
}
