import '../../money/money.css';

import { useCreateTopUpRequestMutation, useListPotsQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Button, Form, Input, Select } from 'antd';

import { topUpAmountRule } from '../../money/amounts';
import { destinationOptions, WALLET } from '../../money/destinations';
import { parseAmountPence } from '../../pots/split';
import { DocumentTitle } from '../../ui/document-title';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

interface RequestValues {
  amount: string;
  recipients: string;
  message: string;
  target: string;
}

export const NO_RECIPIENTS = 'Please enter at least one email address.';
// The shape the server accepts; it validates each address again.
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** 'a@x.com, b@y.org,' → ['a@x.com', 'b@y.org']. */
export function splitRecipients(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

/** Why the recipients field cannot be sent, or null. */
export function recipientsError(text: string | undefined): string | null {
  const recipients = splitRecipients(text);
  if (recipients.length === 0) return NO_RECIPIENTS;
  const invalid = recipients.filter((address) => !EMAIL.test(address));
  if (invalid.length > 0) return `Not a valid email address: ${invalid.join(', ')}`;
  return null;
}

/** /request-top-up: ask friends by e-mail to add funds to your wallet or one of your pots. */
export default function RequestTopUpPage() {
  const [form] = Form.useForm<RequestValues>();
  const toast = useToast();
  const pots = useListPotsQuery();
  const [createRequest, { isLoading }] = useCreateTopUpRequestMutation();

  const onFinish = async (values: RequestValues) => {
    const amountPence = parseAmountPence(values.amount);
    if (amountPence === null) return;
    try {
      const created = await createRequest({
        amountPence,
        recipients: splitRecipients(values.recipients),
        message: values.message.trim(),
        target: values.target === WALLET ? { type: 'wallet' } : { type: 'pot', potId: values.target },
      }).unwrap();
      toast.success(
        'Request Sent',
        `We e-mailed ${created.recipients === 1 ? '1 person' : `${created.recipients} people`} asking for ${formatPence(amountPence)}.`,
      );
      form.resetFields();
    } catch (error) {
      toastProblem(toast, error, {
        title: 'Request Failed',
        detail: 'There was an error sending your request. Please try again.',
      });
    }
  };

  return (
    <div className="page request-top-up-page">
      <DocumentTitle title="Request a Top-Up" />
      <header className="page-header">
        <h1>Request a Top-Up</h1>
        <p className="lead">Ask friends to add funds by e-mail.</p>
      </header>
      <section className="panel form-panel">
        <Form
          form={form}
          name="request-top-up"
          layout="vertical"
          requiredMark={false}
          disabled={isLoading}
          initialValues={{ amount: '', recipients: '', message: '', target: WALLET }}
          onFinish={onFinish}
        >
          <Form.Item label="Amount" name="amount" rules={[topUpAmountRule]}>
            <Input prefix="£" inputMode="decimal" autoComplete="off" placeholder="0.00" />
          </Form.Item>
          <Form.Item
            label="Recipients"
            name="recipients"
            extra="E-mail addresses, separated by commas."
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  const error = recipientsError(value);
                  return error ? Promise.reject(new Error(error)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input
              type="text"
              inputMode="email"
              autoComplete="off"
              placeholder="ann@example.com, bob@example.com"
            />
          </Form.Item>
          <Form.Item
            label="Message"
            name="message"
            rules={[{ max: 500, message: 'At most 500 characters.' }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount placeholder="What is it for?" />
          </Form.Item>
          <Form.Item label="Add to" name="target">
            <Select options={destinationOptions(pots.data)} loading={pots.isLoading} />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" loading={isLoading}>
            Send request
          </Button>
        </Form>
      </section>
    </div>
  );
}
