import { defineJob } from '../common';
import { IssuingEventJob, IssuingEventQueue } from './authorizations';
import { PaymentAccountChangedJob, PaymentsPaymentAccountsQueue } from './payment-account-events';

export const IssuingJobs = {
  stripeEventReceived: defineJob(IssuingEventQueue, 'issuing.stripe-event.received.v1', IssuingEventJob),
  /** What payments needs of a payment account now (see PaymentAccountChangedJob), for its projection. */
  paymentAccountChanged: defineJob(
    PaymentsPaymentAccountsQueue,
    'issuing.payment-account.changed.v1',
    PaymentAccountChangedJob,
  ),
};
