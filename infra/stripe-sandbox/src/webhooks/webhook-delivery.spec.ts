import { createServer } from 'node:net';

import Stripe from 'stripe';

import {
  startTestSandbox,
  startWebhookReceiver,
  TEST_WEBHOOK_SECRET,
  TestSandbox,
  topUpSessionParams,
  waitFor,
  WebhookReceiver,
} from '../testing/harness';
import { DeliveryAttempt, retryDelayMs } from './webhook-delivery.service';

interface DeliveryList {
  data: DeliveryAttempt[];
}

const deliveriesOf = async (t: TestSandbox, eventId: string): Promise<DeliveryAttempt[]> => {
  const response = await fetch(`${t.sandbox.url}/_sandbox/deliveries?event_id=${eventId}`);
  return ((await response.json()) as DeliveryList).data.reverse();
};

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('retryDelayMs', () => {
  it('doubles from the base delay up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelayMs(attempt, 1000, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('webhook delivery', () => {
  describe('to an endpoint that fails twice, then answers 200', () => {
    let receiver: WebhookReceiver;
    let t: TestSandbox;

    beforeAll(async () => {
      receiver = await startWebhookReceiver((n) => (n <= 2 ? 500 : 200));
      t = await startTestSandbox({
        SANDBOX_WEBHOOK_URLS: receiver.url,
        SANDBOX_WEBHOOK_RETRY_BASE_MS: '100',
        SANDBOX_WEBHOOK_RETRY_MAX_MS: '1000',
      });
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
    });

    it('retries with exponential backoff, re-signing each attempt, until it is accepted', async () => {
      const session = await t.stripe.checkout.sessions.create(topUpSessionParams());
      await t.stripe.checkout.sessions.expire(session.id);
      await waitFor(() => receiver.received.length >= 3, 5000, 'three attempts');
      const [first, second, third] = receiver.received;
      expect(second.at - first.at).toBeGreaterThanOrEqual(95);
      expect(third.at - second.at).toBeGreaterThanOrEqual(195);
      for (const attempt of [first, second, third]) {
        const event = t.stripe.webhooks.constructEvent(
          attempt.body,
          attempt.headers['stripe-signature'] as string,
          TEST_WEBHOOK_SECRET,
        );
        expect(event.type).toBe('checkout.session.expired');
        expect((event.data.object as Stripe.Checkout.Session).id).toBe(session.id);
      }

      const eventId = (JSON.parse(first.body) as { id: string }).id;
      const attempts = await waitFor(async () => {
        const list = await deliveriesOf(t, eventId);
        return list.length >= 3 && list;
      });
      expect(attempts.map((a) => [a.attempt, a.status, a.response_status])).toEqual([
        [1, 'failed', 500],
        [2, 'failed', 500],
        [3, 'succeeded', 200],
      ]);
      expect(attempts[0].next_attempt_at).not.toBeNull();
      expect(attempts[2].next_attempt_at).toBeNull();
      expect((await t.stripe.events.retrieve(eventId)).pending_webhooks).toBe(0);
    });
  });

  describe('resend', () => {
    let receiver: WebhookReceiver;
    let t: TestSandbox;

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      t = await startTestSandbox({ SANDBOX_WEBHOOK_URLS: receiver.url });
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
    });

    it('delivers the same event again, with the same id (a duplicate delivery)', async () => {
      await t.stripe.payouts.create({ amount: 500, currency: 'gbp' });
      const [original] = await waitFor(() => receiver.received.length >= 1 && receiver.received);
      const eventId = (JSON.parse(original.body) as { id: string }).id;

      const response = await fetch(`${t.sandbox.url}/_sandbox/events/${eventId}/resend`, { method: 'POST' });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ event_id: eventId, endpoints: [receiver.url] });

      const copies = await waitFor(() => {
        const matching = receiver.events().filter((event) => event.id === eventId);
        return matching.length >= 2 && matching;
      });
      // The same event, as Stripe redelivers it: only `pending_webhooks` has moved on since.
      expect({ ...copies[1], pending_webhooks: 0 }).toEqual({ ...copies[0], pending_webhooks: 0 });
      const attempts = await deliveriesOf(t, eventId);
      expect(attempts.map((a) => a.trigger)).toEqual(['automatic', 'resend']);
    });

    it('answers 404 for an unknown event', async () => {
      const response = await fetch(`${t.sandbox.url}/_sandbox/events/evt_unknown/resend`, { method: 'POST' });
      expect(response.status).toBe(404);
    });
  });

  describe("rendered with the endpoint's API version", () => {
    let receiver: WebhookReceiver;
    let t: TestSandbox;

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      t = await startTestSandbox({
        SANDBOX_WEBHOOK_URLS: receiver.url,
        SANDBOX_WEBHOOK_API_VERSION: '2024-06-20',
      });
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
    });

    it('delivers every event with the endpoint version, and payout.updated with previous_attributes', async () => {
      const payout = await t.stripe.payouts.create({ amount: 500, currency: 'gbp' });
      const updated = await waitFor(() => receiver.events().find((e) => e.type === 'payout.updated'));
      expect(receiver.events().map((e) => e.api_version)).toEqual(receiver.events().map(() => '2024-06-20'));
      expect(updated.data.object).toMatchObject({ id: payout.id, status: 'in_transit' });
      expect(updated.data.previous_attributes).toEqual({ status: 'pending' });
    });
  });

  describe('paused', () => {
    let receiver: WebhookReceiver;
    let t: TestSandbox;

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      t = await startTestSandbox({ SANDBOX_WEBHOOK_URLS: receiver.url });
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
    });

    const post = async (path: string) =>
      (await fetch(`${t.sandbox.url}/_sandbox/${path}`, { method: 'POST' })).json() as Promise<unknown>;

    it('holds new events until resumed, then sends each of them once', async () => {
      expect(await post('deliveries/pause')).toEqual({ paused: true });
      // One event each (checkout.session.expired), nothing scheduled for later.
      for (let i = 0; i < 2; i += 1) {
        const session = await t.stripe.checkout.sessions.create(topUpSessionParams());
        await t.stripe.checkout.sessions.expire(session.id);
      }
      const held = await t.stripe.events.list({ limit: 10 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toHaveLength(0);
      const health = (await (await fetch(`${t.sandbox.url}/_sandbox/health`)).json()) as Record<
        string,
        unknown
      >;
      expect(health['deliveries_paused']).toBe(true);

      expect(await post('deliveries/resume')).toEqual({ paused: false, released: held.data.length });
      const delivered = await waitFor(
        () => receiver.received.length >= held.data.length && receiver.events().map((event) => event.id),
      );
      expect(delivered.sort()).toEqual(held.data.map((event) => event.id).sort());

      // Delivering again as events happen.
      const later = await t.stripe.checkout.sessions.create(topUpSessionParams());
      await t.stripe.checkout.sessions.expire(later.id);
      await waitFor(() => receiver.received.length > held.data.length);
    });
  });

  describe('to an endpoint that is down', () => {
    let t: TestSandbox;
    let url: string;

    beforeAll(async () => {
      url = `http://127.0.0.1:${await closedPort()}/hook`;
      t = await startTestSandbox({ SANDBOX_WEBHOOK_URLS: url, SANDBOX_WEBHOOK_MAX_ATTEMPTS: '3' });
    });
    afterAll(() => t.close());

    it('gives up after the configured attempts and leaves the event pending', async () => {
      const payout = await t.stripe.payouts.create({ amount: 700, currency: 'gbp' });
      const events = await t.stripe.events.list({ type: 'payout.created' });
      const event = events.data.find(
        (e) => (e.data.object as Stripe.Payout).id === payout.id,
      ) as Stripe.Event;
      expect(event.pending_webhooks).toBe(1);
      const attempts = await waitFor(async () => {
        const list = await deliveriesOf(t, event.id);
        return list.length >= 3 && list;
      });
      expect(attempts.map((a) => [a.attempt, a.status, a.response_status])).toEqual([
        [1, 'failed', null],
        [2, 'failed', null],
        [3, 'failed', null],
      ]);
      expect(attempts[2].error).toBeTruthy();
      expect(attempts[2].next_attempt_at).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await deliveriesOf(t, event.id)).toHaveLength(3);
      expect((await t.stripe.events.retrieve(event.id)).pending_webhooks).toBe(1);
    });
  });

  describe('with SANDBOX_WEBHOOK_EVENTS', () => {
    let receiver: WebhookReceiver;
    let t: TestSandbox;

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      t = await startTestSandbox({
        SANDBOX_WEBHOOK_URLS: receiver.url,
        SANDBOX_WEBHOOK_EVENTS: 'payout.paid',
      });
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
    });

    it('sends only the enabled event types', async () => {
      await t.stripe.payouts.create({ amount: 900, currency: 'gbp' });
      await waitFor(() => receiver.received.length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receiver.events().map((event) => event.type)).toEqual(['payout.paid']);
    });
  });
});
