import 'reflect-metadata';

import {
  AUTHORIZATION_DECISION_BUDGET_MS,
  CardAuthorizationRpc,
  IssuingEventJob,
  IssuingEventQueue,
  type JobContract,
  StripeEventJob,
  StripeEventQueue,
} from '@kitty/contracts';
import { ProblemError, QueueRegistry, RpcClient, stripeWebhookEventsRefused } from '@kitty/nest-common';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import Stripe from 'stripe';

import { GATEWAY_CONFIG } from '../config';
import { acceptJsonBodiesOnly } from '../http/json-only';
import { ProblemFilter } from '../http/problem.filter';
import { registerStripeWebhooks } from './stripe-webhook.routes';
import { StripeWebhookService } from './stripe-webhook.service';

const SECRET = 'whsec_test_0123456789abcdef0123456789abcdef';
const CONNECT_SECRET = 'whsec_test_connect_0123456789abcdef01234567';
const nowSeconds = () => Math.floor(Date.now() / 1000);

const event = {
  id: 'evt_1Test',
  object: 'event',
  type: 'checkout.session.completed',
  created: nowSeconds(),
  api_version: '2026-10-28.endive',
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object: { id: 'cs_test_a1', object: 'checkout.session', amount_total: 2550 } },
};
// Stripe sends pretty-printed JSON: the signature covers these exact bytes, whitespace included.
const body = JSON.stringify(event, null, 2);

/** What the gateway's /metrics would show for refused platform events of another API version. */
const refusedCount = async () =>
  (await stripeWebhookEventsRefused.get()).values.find(
    (value) => value.labels.endpoint === 'platform' && value.labels.reason === 'api_version',
  )?.value ?? 0;

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? nowSeconds(),
  });

describe('POST /api/webhooks/stripe', () => {
  const add = jest.fn<Promise<void>, [JobContract, string, unknown]>();
  /** A job the intake queued, as BullMQ receives it. */
  const queued = (call = 0) => {
    const [job, id, data] = add.mock.calls[call];
    return { queue: job.queue.name, id, name: job.name, data };
  };
  const rpcCall = jest.fn<Promise<unknown>, Parameters<RpcClient['call']>>();
  let app: NestFastifyApplication;

  beforeAll(async () => {
    @Module({
      providers: [
        StripeWebhookService,
        {
          provide: GATEWAY_CONFIG,
          useValue: { STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET },
        },
        { provide: QueueRegistry, useValue: { add } },
        { provide: RpcClient, useValue: { call: rpcCall } },
      ],
    })
    class TestModule {}
    app = await NestFactory.create<NestFastifyApplication>(TestModule, new FastifyAdapter(), {
      bodyParser: false,
      logger: false,
    });
    app.setGlobalPrefix('api');
    app.useGlobalFilters(new ProblemFilter(''));
    acceptJsonBodiesOnly(app.getHttpAdapter().getInstance());
    registerStripeWebhooks(app.getHttpAdapter().getInstance(), app.get(StripeWebhookService));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => app.close());
  beforeEach(() => {
    add.mockReset().mockResolvedValue(undefined);
    rpcCall.mockReset();
  });

  const deliver = (payload: string, signature?: string, url = '/api/webhooks/stripe') =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature !== undefined && { 'stripe-signature': signature }),
      },
      payload,
    });

  it('queues a correctly signed event as one job keyed by the event id and answers 200', async () => {
    const response = await deliver(body, sign(body));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(add).toHaveBeenCalledTimes(1);
    const { queue: queueName, ...job } = queued();
    expect(queueName).toBe(StripeEventQueue.name);
    expect(job).toEqual({ id: 'evt_1Test', name: StripeEventQueue.jobs[0], data: expect.any(Object) });
    expect(StripeEventJob.parse(job.data)).toEqual({
      eventId: 'evt_1Test',
      type: 'checkout.session.completed',
      account: null,
      objectId: 'cs_test_a1',
      receivedAt: expect.any(String),
    });
  });

  it.each([
    ['another API version', { api_version: '2024-06-20' }],
    ['no API version', { api_version: null }],
  ])(
    'refuses a signed event rendered with %s with a 409 (Stripe retries it), counts and logs it, queues nothing',
    async (_case, version) => {
      const before = await refusedCount();
      const other = JSON.stringify({ ...event, id: 'evt_other_version', ...version }, null, 2);
      const response = await deliver(other, sign(other));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ title: 'Unsupported Stripe API version' });
      expect(add).not.toHaveBeenCalled();
      expect(await refusedCount()).toBe(before + 1);
    },
  );

  it('refuses an authorisation request of another API version without asking issuing', async () => {
    const other = JSON.stringify(
      { ...event, id: 'evt_req_other', type: 'issuing_authorization.request', api_version: '2024-06-20' },
      null,
      2,
    );
    expect((await deliver(other, sign(other))).statusCode).toBe(409);
    expect(rpcCall).not.toHaveBeenCalled();
  });

  it('keeps the Connect account an event belongs to', async () => {
    const connected = JSON.stringify({ ...event, id: 'evt_2', account: 'acct_123' });
    expect((await deliver(connected, sign(connected))).statusCode).toBe(200);
    expect(queued().data).toMatchObject({ eventId: 'evt_2', account: 'acct_123' });
  });

  it('verifies the Connect endpoint with its own secret, and each endpoint refuses the other’s', async () => {
    const connected = JSON.stringify(
      { ...event, id: 'evt_3', type: 'payout.paid', account: 'acct_9' },
      null,
      2,
    );
    const connect = '/api/webhooks/stripe/connect';
    const signed = sign(connected, { secret: CONNECT_SECRET });
    expect((await deliver(connected, signed, connect)).statusCode).toBe(200);
    expect(queued().data).toMatchObject({
      eventId: 'evt_3',
      type: 'payout.paid',
      account: 'acct_9',
    });
    expect((await deliver(connected, sign(connected), connect)).statusCode).toBe(400);
    expect((await deliver(connected, signed)).statusCode).toBe(400);
    expect((await deliver(connected, undefined, connect)).statusCode).toBe(400);
    expect(add).toHaveBeenCalledTimes(1);
  });

  const refused: [string, () => Promise<Awaited<ReturnType<typeof deliver>>>][] = [
    ['no Stripe-Signature header', () => deliver(body)],
    ['an empty header', () => deliver(body, '')],
    ['a garbage header', () => deliver(body, 'nonsense')],
    ['a signature made with another secret', () => deliver(body, sign(body, { secret: 'whsec_other' }))],
    ['a stale signature (6 minutes old)', () => deliver(body, sign(body, { timestamp: nowSeconds() - 360 }))],
    ['a signature dated 6 minutes ahead', () => deliver(body, sign(body, { timestamp: nowSeconds() + 360 }))],
    [
      'a valid signature beside a second timestamp far ahead',
      () => deliver(body, `t=${nowSeconds() + 86_400},${sign(body)}`),
    ],
    ['a body changed after signing', () => deliver(body.replace('2550', '2551'), sign(body))],
    ['a body re-serialised after signing', () => deliver(JSON.stringify(event), sign(body))],
    ['a v0 (test) scheme only', () => deliver(body, sign(body).replace('v1=', 'v0='))],
    ['a signed empty body', () => deliver('', sign(''))],
    ['a signed event without an id', () => deliver('{"type":"x","data":{}}', sign('{"type":"x","data":{}}'))],
  ];

  it.each(refused)('refuses %s with 400 problem+json and queues nothing', async (_case, send) => {
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(add).not.toHaveBeenCalled();
  });

  it('refuses a body that is not JSON, signed or not', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'text/plain', 'stripe-signature': sign('hi') },
      payload: 'hi',
    });
    expect(response.statusCode).toBe(415);
    expect(add).not.toHaveBeenCalled();
  });

  it('answers 500 when the event cannot be queued, so Stripe delivers it again', async () => {
    add.mockRejectedValueOnce(new Error('Redis is down'));
    expect((await deliver(body, sign(body))).statusCode).toBe(500);
  });

  describe('issuing_authorization.request (answered in the response)', () => {
    const request = (overrides: Record<string, unknown> = {}) =>
      JSON.stringify(
        {
          ...event,
          id: 'evt_auth_1',
          type: 'issuing_authorization.request',
          account: 'acct_1',
          data: {
            object: {
              id: 'iauth_1',
              object: 'issuing.authorization',
              amount: 0,
              currency: 'gbp',
              approved: false,
              status: 'pending',
              card: { id: 'ic_1', object: 'issuing.card', number: undefined },
              merchant_data: { name: 'Tesco' },
              pending_request: { amount: 1250, currency: 'gbp' },
              ...overrides,
            },
          },
        },
        null,
        2,
      );

    it('asks issuing and returns its answer, without queueing anything', async () => {
      rpcCall.mockResolvedValueOnce({ approved: true });
      const payload = request();
      const response = await deliver(payload, sign(payload));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ approved: true });
      expect(rpcCall).toHaveBeenCalledWith(CardAuthorizationRpc.decide, {
        authorizationId: 'iauth_1',
        cardId: 'ic_1',
        account: 'acct_1',
        amountPence: 1250,
        currency: 'gbp',
        merchantName: 'Tesco',
      });
      expect(add).not.toHaveBeenCalled();
    });

    it('answers as Stripe documents: 200, JSON, and the pinned Stripe-Version (a reply without it is an error)', async () => {
      rpcCall.mockResolvedValueOnce({ approved: true });
      const payload = request();
      const response = await deliver(payload, sign(payload));
      expect(response.statusCode).toBe(200);
      expect(response.headers['stripe-version']).toBe(Stripe.API_VERSION);
      // Fastify adds `; charset=utf-8`: the media type is still the application/json Stripe accepts.
      expect(String(response.headers['content-type']).split(';')[0]).toBe('application/json');
      expect(JSON.parse(response.body)).toEqual({ approved: true });
    });

    it('sends the Stripe-Version header with a decline too, and only with an authorisation reply', async () => {
      const declined = request({ card: null });
      expect((await deliver(declined, sign(declined))).headers['stripe-version']).toBe(Stripe.API_VERSION);
      expect((await deliver(body, sign(body))).headers['stripe-version']).toBeUndefined();
    });

    it('passes on a decline', async () => {
      rpcCall.mockResolvedValueOnce({ approved: false });
      const payload = request();
      expect((await deliver(payload, sign(payload))).json()).toEqual({ approved: false });
    });

    it('declines when issuing fails', async () => {
      rpcCall.mockRejectedValueOnce(ProblemError.of(503, 'Service unavailable'));
      const payload = request();
      const response = await deliver(payload, sign(payload));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ approved: false });
    });

    it('declines when issuing does not answer within the budget', async () => {
      rpcCall.mockReturnValueOnce(new Promise(() => undefined));
      const payload = request();
      const started = Date.now();
      const response = await deliver(payload, sign(payload));
      expect(response.json()).toEqual({ approved: false });
      expect(Date.now() - started).toBeGreaterThanOrEqual(AUTHORIZATION_DECISION_BUDGET_MS - 50);
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('declines a request without a card, without asking', async () => {
      const payload = request({ card: null });
      expect((await deliver(payload, sign(payload))).json()).toEqual({ approved: false });
      expect(rpcCall).not.toHaveBeenCalled();
    });

    it.each([
      ['without merchant data', { merchant_data: undefined }],
      ['without an amount', { amount: undefined, pending_request: undefined }],
      ['without a currency', { currency: undefined, pending_request: { amount: 1250 } }],
    ])('declines a signed request %s with 200, without asking (it was a 500)', async (_case, overrides) => {
      const payload = request(overrides);
      const response = await deliver(payload, sign(payload));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ approved: false });
      expect(rpcCall).not.toHaveBeenCalled();
    });

    it('accepts a signature dated a little ahead (clock skew within the tolerance)', async () => {
      rpcCall.mockResolvedValueOnce({ approved: true });
      const payload = request();
      const response = await deliver(payload, sign(payload, { timestamp: nowSeconds() + 240 }));
      expect(response.json()).toEqual({ approved: true });
    });

    it('refuses a forged request (bad signature) with 400 and asks nobody', async () => {
      const payload = request();
      expect((await deliver(payload, sign(payload, { secret: 'whsec_other' }))).statusCode).toBe(400);
      expect(rpcCall).not.toHaveBeenCalled();
    });
  });

  describe('later issuing events go to the issuing queue', () => {
    const issuingEvent = (type: string, object: Record<string, unknown>) =>
      JSON.stringify({ ...event, id: `evt_${type}`, type, account: 'acct_1', data: { object } }, null, 2);

    it('queues a capture with its positive amount and merchant', async () => {
      const payload = issuingEvent('issuing_transaction.created', {
        id: 'ipi_1',
        object: 'issuing.transaction',
        type: 'capture',
        amount: -1250,
        authorization: 'iauth_1',
        merchant_data: { name: 'Tesco' },
      });
      expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
      const { queue: queueName, ...job } = queued();
      expect(queueName).toBe(IssuingEventQueue.name);
      expect(job).toMatchObject({
        id: 'evt_issuing_transaction.created',
        name: IssuingEventQueue.jobs[0],
        data: {
          kind: 'transaction',
          transactionId: 'ipi_1',
          authorizationId: 'iauth_1',
          transactionType: 'capture',
          amountPence: 1250,
          merchantName: 'Tesco',
          account: 'acct_1',
        },
      });
    });

    it('queues an authorisation update with its status', async () => {
      const payload = issuingEvent('issuing_authorization.updated', {
        id: 'iauth_1',
        object: 'issuing.authorization',
        approved: true,
        status: 'reversed',
      });
      expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
      expect(queued().queue).toBe(IssuingEventQueue.name);
      expect(queued().data).toMatchObject({
        kind: 'authorization',
        authorizationId: 'iauth_1',
        approved: true,
        status: 'reversed',
      });
    });

    it.each([
      [
        'a zero capture',
        { type: 'capture', amount: 0, authorization: 'iauth_1', merchant_data: { name: 'Tesco' } },
      ],
      ['no merchant data', { type: 'capture', amount: -1250, authorization: 'iauth_1' }],
      ['no amount', { type: 'capture', authorization: 'iauth_1', merchant_data: { name: 'Tesco' } }],
      ['an unknown transaction type', { type: 'dispute', amount: -5, merchant_data: {} }],
    ])(
      'accepts a signed issuing event it cannot read (%s) with 200 and keeps it as an unreadable job',
      async (_case, fields) => {
        const payload = issuingEvent('issuing_transaction.created', {
          id: 'ipi_2',
          object: 'issuing.transaction',
          ...fields,
        });
        const response = await deliver(payload, sign(payload));
        expect(response.statusCode).toBe(200);
        const { queue: queueName, ...job } = queued();
        expect(queueName).toBe(IssuingEventQueue.name);
        expect(job).toMatchObject({
          id: 'evt_issuing_transaction.created',
          data: { kind: 'unreadable', type: 'issuing_transaction.created', reason: expect.any(String) },
        });
        expect(IssuingEventJob.safeParse(job.data).success).toBe(true);
      },
    );

    it('keeps an issuing event with no object at all as unreadable too', async () => {
      const payload = JSON.stringify({
        ...event,
        id: 'evt_empty',
        type: 'issuing_authorization.updated',
        data: {},
      });
      expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
      expect(queued().data).toMatchObject({ kind: 'unreadable', eventId: 'evt_empty' });
    });

    it('queues a connected account’s account.updated for issuing, naming the account', async () => {
      const payload = issuingEvent('account.updated', { id: 'acct_1', object: 'account' });
      expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
      expect(queued().queue).toBe(IssuingEventQueue.name);
      expect(queued().data).toMatchObject({ kind: 'account', type: 'account.updated', accountId: 'acct_1' });
    });

    it('leaves other issuing events (cards, cardholders) to payments', async () => {
      const payload = issuingEvent('issuing_card.updated', { id: 'ic_1', object: 'issuing.card' });
      expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
      expect(queued().queue).toBe(StripeEventQueue.name);
    });
  });
});
