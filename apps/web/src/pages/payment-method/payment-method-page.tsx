import '../../money/money.css';

import {
  AppleOutlined,
  ArrowLeftOutlined,
  BankOutlined,
  CreditCardOutlined,
  GoogleOutlined,
} from '@ant-design/icons';
import type { CreateCheckoutSessionRequest } from '@kitty/api-client';
import { problemDetail, useCreateCheckoutSessionMutation, useQuoteFeeQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Alert, Button, Modal, Skeleton, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';

import { webConfig } from '../../config';
import { useMoneyErrorHandler } from '../../money/account-setup';
import type { PaymentMethodState } from '../../money/destinations';
import { isPaymentMethodState } from '../../money/destinations';
import { externalNavigation } from '../../money/external-navigation';
import { rememberPendingTopUp } from '../../money/pending-top-up';
import { parseAmountPence } from '../../pots/split';
import { DocumentTitle } from '../../ui/document-title';
import { useToast } from '../../ui/toast';
import { useIdempotentAction } from '../../ui/use-idempotent-action';

type Method = NonNullable<CreateCheckoutSessionRequest['method']>;
type WalletMethod = Extract<Method, 'apple_pay' | 'google_pay'>;

/** spec §9: the page returns home 2 s after a card or bank payment has been handed to the new tab. */
export const RETURN_HOME_DELAY_MS = 2_000;

const PAYMENT_ERROR = { title: 'Payment Error', detail: 'Failed to process payment. Please try again.' };
const WALLET_NAMES: Record<WalletMethod, string> = { apple_pay: 'Apple Pay', google_pay: 'Google Pay' };

const OPTIONS: { method: Method; label: string; description: string; icon: ReactNode }[] = [
  {
    method: 'bank_transfer',
    label: 'Connect your bank account',
    description: 'Pay straight from your bank. Funds arrive in 1-2 business days.',
    icon: <BankOutlined aria-hidden />,
  },
  {
    method: 'card',
    label: 'Credit/debit card',
    description: 'Visa, Mastercard and American Express. Funds arrive straight away.',
    icon: <CreditCardOutlined aria-hidden />,
  },
  {
    method: 'apple_pay',
    label: 'Apple Pay',
    description: 'On the secure payment page, where your device and browser support it.',
    icon: <AppleOutlined aria-hidden />,
  },
  {
    method: 'google_pay',
    label: 'Google Pay',
    description: 'On the secure payment page, where your device and browser support it.',
    icon: <GoogleOutlined aria-hidden />,
  },
];

/** /payment-method-selection: the fee, then how to pay (spec §2, §4; decisions §8, §12). */
export default function PaymentMethodPage() {
  const { state } = useLocation();
  // Reached without an amount (typed address, reload in another browser): start from the top-up form.
  const amountPence = isPaymentMethodState(state) ? parseAmountPence(state.amount) : null;
  if (!isPaymentMethodState(state) || amountPence === null) return <Navigate to="/top-up" replace />;
  return <PaymentMethodChoice amountPence={amountPence} {...state} />;
}

function PaymentMethodChoice({
  amountPence,
  destination,
  destinationName,
}: PaymentMethodState & { amountPence: number }) {
  const navigate = useNavigate();
  const toast = useToast();
  const handleError = useMoneyErrorHandler();
  const quote = useQuoteFeeQuery(amountPence);
  const [createSession] = useCreateCheckoutSessionMutation();
  const sendOnce = useIdempotentAction();
  const [processing, setProcessing] = useState<Method | null>(null);
  const [bankInstructionsOpen, setBankInstructionsOpen] = useState(false);
  const homeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(homeTimer.current), []);

  /** Creates the Checkout Session; the hosted page opens in `tab` when there is one, else in this tab. */
  const checkout = async (method: Method, tab: ReturnType<typeof externalNavigation.openBlankTab>) => {
    const request: CreateCheckoutSessionRequest = { amountPence, destination, method };
    const session = await sendOnce(request, (key) =>
      createSession({ 'Idempotency-Key': key, createCheckoutSessionRequest: request }).unwrap(),
    );
    rememberPendingTopUp(session, { method, destinationName });
    if (!tab) {
      externalNavigation.assign(session.url);
      return false;
    }
    tab.goTo(session.url);
    homeTimer.current = setTimeout(() => navigate('/'), RETURN_HOME_DELAY_MS);
    return true;
  };

  const payByCard = async () => {
    const tab = externalNavigation.openBlankTab();
    setProcessing('card');
    try {
      if (await checkout('card', tab)) {
        toast.success('Payment Initiated', 'Complete your payment in the new tab.');
      }
    } catch (error) {
      tab?.close();
      setProcessing(null);
      handleError(error, PAYMENT_ERROR);
    }
  };

  const payByBank = async () => {
    const tab = externalNavigation.openBlankTab();
    setBankInstructionsOpen(false);
    setProcessing('bank_transfer');
    try {
      await checkout('bank_transfer', tab);
      toast.success('Bank Transfer Initiated', 'Your funds will arrive in 1-2 business days.');
    } catch (error) {
      tab?.close();
      setProcessing(null);
      handleError(error, PAYMENT_ERROR);
    }
  };

  // Stripe Checkout itself offers the wallet button where the device and browser support it (and the card
  // form where they do not), so this tab goes straight there. Asking the browser first (Payment Request
  // with the wallet's URL) makes it fetch that URL's payment-method manifest, which this app's content
  // security policy (connect-src 'self') refuses, and it tells nothing Checkout does not work out itself.
  const payWithWallet = async (method: WalletMethod) => {
    const name = WALLET_NAMES[method];
    setProcessing(method);
    try {
      await checkout(method, null);
    } catch (error) {
      setProcessing(null);
      handleError(error, {
        title: `${name} Error`,
        detail: `Failed to process ${name} payment. Please try another method.`,
      });
    }
  };

  const choose = (method: Method) => {
    if (processing) return;
    if (method === 'card') void payByCard();
    else if (method === 'bank_transfer') setBankInstructionsOpen(true);
    else void payWithWallet(method);
  };

  return (
    <div className="page payment-method-page">
      <DocumentTitle title="How would you like to pay?" />
      <div>
        <Button
          type="link"
          icon={<ArrowLeftOutlined aria-hidden />}
          onClick={() => navigate(-1)}
          className="back-link"
        >
          Back
        </Button>
      </div>
      <header className="page-header">
        <h1>How would you like to pay?</h1>
        <p className="lead">
          Adding {formatPence(amountPence)} to your {webConfig.productName}
        </p>
        <p className="muted">Into {destinationName}</p>
      </header>

      <section className="panel fee-panel" aria-label="Fee" aria-busy={quote.isLoading}>
        {quote.isLoading ? (
          <Skeleton active title={false} paragraph={{ rows: 1 }} />
        ) : quote.data ? (
          <p className="fee-line">
            Platform fee ({quote.data.feeRate}%): {formatPence(quote.data.feePence)} — total{' '}
            <strong>{formatPence(quote.data.totalPence)}</strong>
          </p>
        ) : (
          <Alert
            type="warning"
            showIcon
            title="Could not work out the fee"
            description={`${problemDetail(quote.error) ?? 'Please try again.'} It is shown on the payment page before you pay.`}
          />
        )}
        <p className="muted fee-note">You receive the full amount; the fee is added on top.</p>
      </section>

      <ul className="payment-options" aria-label="Payment methods">
        {OPTIONS.map(({ method, label, description, icon }) => (
          <li key={method}>
            <button
              type="button"
              className="payment-option"
              onClick={() => choose(method)}
              disabled={processing !== null && processing !== method}
              aria-busy={processing === method}
            >
              <span className="payment-option-icon">{icon}</span>
              <span className="payment-option-text">
                <span className="payment-option-label">{label}</span>
                <span className="muted payment-option-description">{description}</span>
              </span>
              {processing === method && <Spin size="small" aria-label="Processing" />}
            </button>
          </li>
        ))}
      </ul>

      <Modal
        open={bankInstructionsOpen}
        title="Connect your bank account"
        okText="Continue to your bank"
        onOk={() => void payByBank()}
        onCancel={() => setBankInstructionsOpen(false)}
        destroyOnHidden
      >
        <ol className="bank-steps">
          <li>We open our payment partner's secure page in a new tab.</li>
          <li>
            Choose your bank and approve a one-off payment of{' '}
            {formatPence(quote.data?.totalPence ?? amountPence)}.
          </li>
          <li>The funds arrive in {destinationName} in 1-2 business days, once your bank has paid.</li>
        </ol>
      </Modal>
    </div>
  );
}
