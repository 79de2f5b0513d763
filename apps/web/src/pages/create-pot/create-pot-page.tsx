import '../../pots/pots.css';

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CreatePotRequest } from '@kitty/api-client';
import { httpStatusOf, problemDetail, problemOf, useCreatePotMutation } from '@kitty/api-client';
import type { FormInstance } from 'antd';
import { Button, Form, Input, Switch } from 'antd';
import { useNavigate } from 'react-router-dom';

import { DocumentTitle } from '../../ui/document-title';
import { useToast } from '../../ui/toast';

interface CreatePotForm {
  name: string;
  location?: string;
  hasStartDate: boolean;
  startDate?: string;
  hasEndDate: boolean;
  endDate?: string;
  members: { name?: string; email?: string }[];
}

const NAME_REQUIRED = 'Please enter a pot name.';
const BOTH_REQUIRED = 'Please enter both name and email.';

/** The request the form stands for: dates only when their toggle is on, empty member rows left out. */
export function toCreatePotRequest(values: CreatePotForm): CreatePotRequest {
  const location = values.location?.trim();
  const members = (values.members ?? [])
    .map((member) => ({ name: member.name?.trim() ?? '', email: member.email?.trim() ?? '' }))
    .filter((member) => member.name || member.email);
  return {
    name: values.name.trim(),
    ...(location ? { location } : {}),
    ...(values.hasStartDate && values.startDate ? { startDate: values.startDate } : {}),
    ...(values.hasEndDate && values.endDate ? { endDate: values.endDate } : {}),
    members,
  };
}

/** The toast after creating: it speaks of invitations only when the form listed people to invite. */
export function createdMessage(potName: string, invited: number): string {
  if (invited === 0) return `${potName} is ready.`;
  return `${potName} is ready. ${invited === 1 ? 'The invitation is on its way.' : `${invited} invitations are on their way.`}`;
}

type FieldPath = NonNullable<Parameters<FormInstance<CreatePotForm>['setFields']>[0][number]['name']>;

/** 'members.0.email' → ['members', 0, 'email']: the server's field path as an antd name path. */
function namePath(field: string): FieldPath {
  // The server names only the fields of the request, which are this form's fields (checked by the caller).
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as FieldPath;
}

const FORM_FIELDS = new Set(['name', 'location', 'startDate', 'endDate', 'members']);

/** /create-pot: name, optional dates behind toggles, location and people to invite. */
export default function CreatePotPage() {
  const [form] = Form.useForm<CreatePotForm>();
  const toast = useToast();
  const navigate = useNavigate();
  const [createPot, { isLoading }] = useCreatePotMutation();
  const hasStartDate = Form.useWatch('hasStartDate', form);
  const hasEndDate = Form.useWatch('hasEndDate', form);

  const onFinish = async (values: CreatePotForm) => {
    const request = toCreatePotRequest(values);
    try {
      const pot = await createPot(request).unwrap();
      toast.success('Success!', createdMessage(pot.name, request.members?.length ?? 0));
      navigate('/pot-summary', { state: { createdPotId: pot.id } });
    } catch (error) {
      if (httpStatusOf(error) === 400) {
        form.setFields(
          (problemOf(error)?.errors ?? [])
            .filter(({ field }) => FORM_FIELDS.has(field.split('.')[0]))
            .map(({ field, message }) => ({ name: namePath(field), errors: [message] })),
        );
      }
      const status = httpStatusOf(error);
      // A 4xx explains itself (e.g. 'Please enter a pot name.'); a server failure gets the spec's fallback.
      const detail = status !== undefined && status < 500 ? problemDetail(error) : undefined;
      toast.error('Creation Failed', detail ?? 'Failed to create pot. Please try again.');
    }
  };

  return (
    <div className="page create-pot-page">
      <DocumentTitle title="Create a Pot" />
      <header className="page-header">
        <h1>Create a Pot</h1>
        <p className="muted">
          Start a shared pot for a trip, a flat or a night out, and invite your friends.
        </p>
      </header>
      <section className="panel form-panel" aria-label="New pot">
        <Form<CreatePotForm>
          form={form}
          name="create-pot"
          layout="vertical"
          requiredMark={false}
          disabled={isLoading}
          initialValues={{ hasStartDate: false, hasEndDate: false, members: [] }}
          onFinish={onFinish}
        >
          <Form.Item
            label="Pot name"
            name="name"
            rules={[
              { required: true, whitespace: true, message: NAME_REQUIRED },
              { max: 80, message: 'Pot name must be at most 80 characters.' },
            ]}
          >
            <Input placeholder="Lisbon trip" autoComplete="off" />
          </Form.Item>

          <Form.Item
            label="Location"
            name="location"
            rules={[{ max: 120, message: 'At most 120 characters.' }]}
          >
            <Input placeholder="Lisbon, Portugal" autoComplete="off" />
          </Form.Item>

          <div className="date-fields">
            <div className="date-field">
              <Form.Item name="hasStartDate" valuePropName="checked" noStyle>
                <Switch id="has-start-date" />
              </Form.Item>
              <label htmlFor="has-start-date" className="switch-label">
                Set a start date
              </label>
              {hasStartDate && (
                <Form.Item
                  name="startDate"
                  label="Start date"
                  rules={[{ required: true, message: 'Choose a start date, or switch it off.' }]}
                >
                  <Input type="date" />
                </Form.Item>
              )}
            </div>
            <div className="date-field">
              <Form.Item name="hasEndDate" valuePropName="checked" noStyle>
                <Switch id="has-end-date" />
              </Form.Item>
              <label htmlFor="has-end-date" className="switch-label">
                Set an end date
              </label>
              {hasEndDate && (
                <Form.Item
                  name="endDate"
                  label="End date"
                  dependencies={['startDate', 'hasStartDate']}
                  rules={[
                    { required: true, message: 'Choose an end date, or switch it off.' },
                    ({ getFieldValue }) => ({
                      validator: (_rule, value: string | undefined) => {
                        const start: string | undefined = getFieldValue('hasStartDate')
                          ? getFieldValue('startDate')
                          : undefined;
                        return start && value && value < start
                          ? Promise.reject(new Error('The end date must be on or after the start date.'))
                          : Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <Input type="date" />
                </Form.Item>
              )}
            </div>
          </div>

          <fieldset className="members-fieldset">
            <legend>Members to invite</legend>
            <p className="muted">
              Each person gets an e-mail with a link to join. You can invite more later.
            </p>
            <Form.List name="members">
              {(fields, { add, remove }) => (
                <>
                  {fields.map(({ key, name }) => (
                    <div key={key} className="member-row">
                      <Form.Item
                        name={[name, 'name']}
                        label={`Member ${name + 1} name`}
                        dependencies={[['members', name, 'email']]}
                        rules={[
                          ({ getFieldValue }) => ({
                            validator: (_rule, value: string | undefined) =>
                              !value?.trim() && getFieldValue(['members', name, 'email'])?.trim()
                                ? Promise.reject(new Error(BOTH_REQUIRED))
                                : Promise.resolve(),
                          }),
                        ]}
                      >
                        <Input autoComplete="off" maxLength={120} />
                      </Form.Item>
                      <Form.Item
                        name={[name, 'email']}
                        label={`Member ${name + 1} email`}
                        dependencies={[['members', name, 'name']]}
                        rules={[
                          ({ getFieldValue }) => ({
                            validator: (_rule, value: string | undefined) =>
                              !value?.trim() && getFieldValue(['members', name, 'name'])?.trim()
                                ? Promise.reject(new Error(BOTH_REQUIRED))
                                : Promise.resolve(),
                          }),
                          { type: 'email', message: 'Please enter a valid email address.' },
                        ]}
                      >
                        <Input type="email" inputMode="email" autoComplete="off" maxLength={320} />
                      </Form.Item>
                      <Button
                        className="member-row-remove"
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={`Remove member ${name + 1}`}
                        onClick={() => remove(name)}
                      />
                    </div>
                  ))}
                  <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ name: '', email: '' })}>
                    Add member
                  </Button>
                </>
              )}
            </Form.List>
          </fieldset>

          <div className="form-actions">
            <Button type="primary" htmlType="submit" size="large" loading={isLoading}>
              Create Pot
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
