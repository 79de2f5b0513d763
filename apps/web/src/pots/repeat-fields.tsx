import './recurring.css';

import { Form, Input, Select } from 'antd';

export type Repeat = 'none' | 'weekly' | 'monthly';

/** The repeat part of the expense form's values. */
export interface RepeatValues {
  repeat?: Repeat;
  startOn?: string;
  endOn?: string;
}

/** Today in the UK (YYYY-MM-DD): recurring expenses follow the UK calendar, as the server does. */
export const ukToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);

const REPEAT_OPTIONS = [
  { value: 'none', label: "Doesn't repeat" },
  { value: 'weekly', label: 'Every week' },
  { value: 'monthly', label: 'Every month' },
];

/**
 * 'Repeats' on a new expense: every week or month from a first day (today or later), until
 * an optional last day. A month's day past its end falls on its last day.
 */
export function RepeatFields({ disabled }: { disabled: boolean }) {
  const form = Form.useFormInstance<RepeatValues>();
  const repeat = Form.useWatch('repeat', form) ?? 'none';
  const startOn = Form.useWatch('startOn', form);
  const today = ukToday();
  return (
    <>
      <Form.Item label="Repeats" name="repeat">
        <Select options={REPEAT_OPTIONS} disabled={disabled} />
      </Form.Item>
      {repeat !== 'none' && (
        <div className="repeat-dates">
          <Form.Item
            label="First on"
            name="startOn"
            rules={[
              { required: true, message: 'Choose the first day.' },
              {
                validator: (_rule, value: string | undefined) =>
                  value && value < today
                    ? Promise.reject(new Error('The first day must be today or later.'))
                    : Promise.resolve(),
              },
            ]}
            extra={repeat === 'monthly' ? 'Then on the same day each month (or its last day).' : undefined}
          >
            <Input type="date" min={today} disabled={disabled} />
          </Form.Item>
          <Form.Item
            label="Until (optional)"
            name="endOn"
            dependencies={['startOn']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) => {
                  const first = getFieldValue('startOn') as string | undefined;
                  return value && first && value < first
                    ? Promise.reject(new Error('The end date must be on or after the first date.'))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <Input type="date" min={startOn || today} disabled={disabled} />
          </Form.Item>
        </div>
      )}
    </>
  );
}
