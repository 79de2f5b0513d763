import { CreditCardOutlined, LockOutlined, SwapOutlined } from '@ant-design/icons';
import type { KycRequest, OnboardingStatus } from '@kitty/api-client';
import { httpStatusOf, problemDetail, problemOf, useUpdateKycMutation } from '@kitty/api-client';
import { Button, Checkbox, Form, Input } from 'antd';

import { useToast } from '../../ui/toast';

export interface KycFormValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  day: string;
  month: string;
  year: string;
  line1: string;
  city: string;
  postalCode: string;
  acceptedTerms: boolean;
}

const MIN_AGE = 18;
const MIN_YEAR = 1900;

/** The form's values as the KYC request (spec §3: country defaults to GB on the server). */
export function toKycRequest(values: KycFormValues): KycRequest {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phoneNumber: values.phoneNumber.trim(),
    dateOfBirth: { day: Number(values.day), month: Number(values.month), year: Number(values.year) },
    address: { line1: values.line1.trim(), city: values.city.trim(), postal_code: values.postalCode.trim() },
    // The form's rule lets only a ticked box through; the server checks it again.
    acceptedTerms: values.acceptedTerms as true,
  };
}

/** Where the server's field names land in this form. */
const SERVER_FIELDS: Record<string, keyof KycFormValues> = {
  firstName: 'firstName',
  lastName: 'lastName',
  phoneNumber: 'phoneNumber',
  'dateOfBirth.day': 'day',
  'dateOfBirth.month': 'month',
  'dateOfBirth.year': 'year',
  dateOfBirth: 'day',
  'address.line1': 'line1',
  'address.city': 'city',
  'address.postal_code': 'postalCode',
  acceptedTerms: 'acceptedTerms',
};

/** Stripe's terms the user accepts, which Kitty records with the time, IP address and browser. */
const STRIPE_TERMS = {
  connectedAccount: 'https://stripe.com/legal/connect-account',
  issuing: 'https://stripe.com/legal/issuing',
} as const;

const required = (label: string) => ({ required: true, whitespace: true, message: `${label} is required.` });
const between = (label: string, min: number, max: number) => ({
  validator: async (_rule: unknown, value: string | undefined) => {
    if (!value) return;
    const number = Number(value);
    if (!/^\d{1,4}$/.test(value) || number < min || number > max) {
      throw new Error(`${label} must be between ${min} and ${max}.`);
    }
  },
});

const BENEFITS = [
  {
    icon: <LockOutlined />,
    title: 'Bank-level security',
    text: 'Your details are encrypted and verified by our regulated payment partner.',
  },
  {
    icon: <CreditCardOutlined />,
    title: 'Virtual cards for pots',
    text: 'Spend from your active pot with a virtual card.',
  },
  {
    icon: <SwapOutlined />,
    title: 'Instant transfers between friends',
    text: 'Move money between your wallet, pots and friends.',
  },
];

/** 'Set Up Your Payment Account': the KYC form (spec §2 Onboarding, rules §5 and decisions §15). */
export function KycForm({ onVerified }: { onVerified: (status: OnboardingStatus) => void }) {
  const [form] = Form.useForm<KycFormValues>();
  const toast = useToast();
  const [updateKyc, { isLoading }] = useUpdateKycMutation();
  const maxYear = new Date().getFullYear() - MIN_AGE;

  const onFinish = async (values: KycFormValues) => {
    try {
      const status = await updateKyc(toKycRequest(values)).unwrap();
      if (status.account?.kycStatus === 'verifying')
        toast.success('Details Sent', 'Stripe, our payment provider, is checking your details.');
      else toast.success('Account Setup Complete', 'Your payment account is verified.');
      onVerified(status);
    } catch (error) {
      if (httpStatusOf(error) === 400) {
        form.setFields(
          (problemOf(error)?.errors ?? [])
            .filter(({ field }) => field in SERVER_FIELDS)
            .map(({ field, message }) => ({ name: SERVER_FIELDS[field], errors: [message] })),
        );
      }
      const status = httpStatusOf(error);
      const detail = status !== undefined && status < 500 ? problemDetail(error) : undefined;
      toast.error('Error', detail ?? 'Failed to update KYC information');
    }
  };

  return (
    <section className="panel form-panel onboarding-form" aria-labelledby="kyc-title">
      <h2 id="kyc-title" className="panel-title">
        Set Up Your Payment Account
      </h2>
      <ul className="onboarding-benefits">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title}>
            <span className="onboarding-benefit-icon" aria-hidden>
              {benefit.icon}
            </span>
            <strong>{benefit.title}</strong>
            <span className="muted">{benefit.text}</span>
          </li>
        ))}
      </ul>
      <Form<KycFormValues>
        form={form}
        name="kyc"
        layout="vertical"
        requiredMark={false}
        disabled={isLoading}
        onFinish={onFinish}
      >
        <div className="form-row">
          <Form.Item label="First Name" name="firstName" rules={[required('First name')]}>
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item label="Last Name" name="lastName" rules={[required('Last name')]}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </div>
        <Form.Item label="Phone Number" name="phoneNumber" rules={[required('Phone number')]}>
          <Input type="tel" placeholder="+44 7700 900123" autoComplete="tel" />
        </Form.Item>
        <fieldset className="date-of-birth">
          <legend>Date of Birth</legend>
          <div className="form-row">
            <Form.Item label="Day" name="day" rules={[required('Day'), between('Day', 1, 31)]}>
              <Input inputMode="numeric" placeholder="DD" autoComplete="bday-day" />
            </Form.Item>
            <Form.Item label="Month" name="month" rules={[required('Month'), between('Month', 1, 12)]}>
              <Input inputMode="numeric" placeholder="MM" autoComplete="bday-month" />
            </Form.Item>
            <Form.Item
              label="Year"
              name="year"
              rules={[required('Year'), between('Year', MIN_YEAR, maxYear)]}
            >
              <Input inputMode="numeric" placeholder="YYYY" autoComplete="bday-year" />
            </Form.Item>
          </div>
        </fieldset>
        <Form.Item label="Address Line 1" name="line1" rules={[required('Address line 1')]}>
          <Input autoComplete="address-line1" />
        </Form.Item>
        <div className="form-row">
          <Form.Item label="City" name="city" rules={[required('City')]}>
            <Input autoComplete="address-level2" />
          </Form.Item>
          <Form.Item label="Postal Code" name="postalCode" rules={[required('Postal code')]}>
            <Input autoComplete="postal-code" placeholder="SW1A 1AA" />
          </Form.Item>
        </div>
        <Form.Item
          name="acceptedTerms"
          valuePropName="checked"
          rules={[
            {
              validator: async (_rule: unknown, value: boolean | undefined) => {
                if (value !== true) throw new Error('Accept the terms to continue.');
              },
            },
          ]}
        >
          <Checkbox>
            I accept Stripe&apos;s{' '}
            <a href={STRIPE_TERMS.connectedAccount} target="_blank" rel="noreferrer">
              Connected Account Agreement
            </a>{' '}
            and the{' '}
            <a href={STRIPE_TERMS.issuing} target="_blank" rel="noreferrer">
              Stripe Issuing terms
            </a>
            . Stripe is our payment provider: it holds your payment account and issues your card.
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          {isLoading ? 'Setting up account...' : 'Create & Verify Account'}
        </Button>
      </Form>
    </section>
  );
}
