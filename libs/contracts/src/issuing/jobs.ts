import { defineJob } from '../common';
import { IssuingEventJob, IssuingEventQueue } from './authorizations';

export const IssuingJobs = {
  stripeEventReceived: defineJob(IssuingEventQueue, 'issuing.stripe-event.received.v1', IssuingEventJob),
};
