import { CopyOutlined } from '@ant-design/icons';
import type { CreateInvitationRequest, InvitationCreated } from '@kitty/api-client';
import { httpStatusOf, useCreateInvitationMutation } from '@kitty/api-client';
import type { FormProps } from 'antd';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';

import { toastProblem } from '../ui/problem-toast';
import { serverFieldErrors } from '../ui/server-field-errors';
import { useToast } from '../ui/toast';
import { formatDate } from './format';

const MISSING = 'Please enter both name and email.';
const FIELDS = ['name', 'email'] as const satisfies (keyof CreateInvitationRequest)[];

export interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  potId: string;
  potName: string;
  /** The owner, or any member if the pot's rules say so; others are told so instead of getting a form. */
  canInvite: boolean;
  /** Filled in: inviting a guest who has an e-mail. */
  invitee?: CreateInvitationRequest;
}

/** Invite someone by name and e-mail; they get the link by e-mail, and it can be copied here too. */
export function InviteDialog(props: InviteDialogProps) {
  return props.open ? <InviteDialogBody {...props} /> : null;
}

function InviteDialogBody({ onClose, potId, potName, canInvite, invitee }: InviteDialogProps) {
  const [form] = Form.useForm<CreateInvitationRequest>();
  const toast = useToast();
  const [createInvitation, { isLoading }] = useCreateInvitationMutation();
  const [sent, setSent] = useState<(InvitationCreated & { name: string }) | null>(null);

  const onFinish = async (values: CreateInvitationRequest) => {
    const invitee = { name: values.name.trim(), email: values.email.trim() };
    try {
      const created = await createInvitation({ potId, createInvitationRequest: invitee }).unwrap();
      setSent({ ...created, name: invitee.name });
      toast.success('Invitation sent!', `We've e-mailed ${invitee.name} a link to join ${potName}.`);
    } catch (error) {
      if (httpStatusOf(error) === 400) form.setFields(serverFieldErrors(error, FIELDS));
      toastProblem(toast, error);
    }
  };

  const onFinishFailed: FormProps<CreateInvitationRequest>['onFinishFailed'] = ({ values }) => {
    if (!values.name?.trim() || !values.email?.trim()) toast.error('Missing information', MISSING);
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied!', 'Send it to them however you like.');
    } catch {
      toast.error('Could not copy the link', 'Select the link and copy it yourself.');
    }
  };

  const inviteAnother = () => {
    setSent(null);
    form.resetFields();
  };

  return (
    <Modal
      open
      title={`Invite people to ${potName}`}
      onCancel={onClose}
      mask={{ closable: !isLoading }}
      destroyOnHidden
      footer={
        sent || !canInvite ? (
          <Space wrap>
            {sent && <Button onClick={inviteAnother}>Invite someone else</Button>}
            <Button type="primary" onClick={onClose}>
              Done
            </Button>
          </Space>
        ) : (
          <Space wrap>
            <Button onClick={onClose} disabled={isLoading}>
              Cancel
            </Button>
            <Button type="primary" loading={isLoading} onClick={() => form.submit()}>
              Send invitation
            </Button>
          </Space>
        )
      }
    >
      {!canInvite ? (
        <Alert
          type="info"
          showIcon
          title={`Only the owner of ${potName} can invite people.`}
          description="Ask them to send the invitation, or create a pot of your own."
        />
      ) : sent ? (
        <div className="invite-sent">
          <p>
            {sent.name} can join with this link until {formatDate(sent.expiresAt)}. It works once.
          </p>
          <Space.Compact block>
            <Input
              readOnly
              value={sent.inviteUrl}
              aria-label="Invitation link"
              onFocus={(e) => e.target.select()}
            />
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => copy(sent.inviteUrl)}>
              Copy link
            </Button>
          </Space.Compact>
        </div>
      ) : (
        <Form<CreateInvitationRequest>
          form={form}
          name="invite"
          initialValues={invitee}
          layout="vertical"
          requiredMark={false}
          disabled={isLoading}
          onFinish={onFinish}
          onFinishFailed={onFinishFailed}
        >
          <p className="muted">
            They'll get an e-mail with a link to join. The link works once and expires in 7 days.
          </p>
          <Form.Item
            label="Name"
            name="name"
            rules={[{ required: true, whitespace: true, message: MISSING }]}
          >
            <Input autoComplete="off" maxLength={120} />
          </Form.Item>
          <Form.Item
            label="Email"
            name="email"
            rules={[
              { required: true, whitespace: true, message: MISSING },
              { type: 'email', message: 'Please enter a valid email address.' },
            ]}
          >
            <Input type="email" inputMode="email" autoComplete="off" maxLength={320} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
