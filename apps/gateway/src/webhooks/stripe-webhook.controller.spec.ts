import 'reflect-metadata';

import { StripeEventJob, StripeEventQueue } from '@kitty/contracts';
import { QueueRegistry } from '@kitty/nest-common';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import Stripe from 'stripe';

import { GATEWAY_CONFIG } from '../config';
import { acceptJsonBodiesOnly } from '../http/json-only';
import { ProblemFilter } from '../http/problem.filter';
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookService } from './stripe-webhook.service';

const SECRET = 'whsec_test_0123456789abcdef0123456789abcdef';
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

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? nowSeconds(),
  });

describe('POST /api/webhooks/stripe', () => {
  const addBulk = jest.fn<Promise<void>, Parameters<QueueRegistry['addBulk']>>();
  let app: NestFastifyApplication;

  beforeAll(async () => {
    @Module({
      controllers: [StripeWebhookController],
      providers: [
        StripeWebhookService,
        { provide: GATEWAY_CONFIG, useValue: { STRIPE_WEBHOOK_SECRET: SECRET } },
        { provide: QueueRegistry, useValue: { addBulk } },
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
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => app.close());
  beforeEach(() => addBulk.mockReset().mockResolvedValue(undefined));

  const deliver = (payload: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
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
    expect(addBulk).toHaveBeenCalledTimes(1);
    const [queueName, jobs] = addBulk.mock.calls[0];
    expect(queueName).toBe(StripeEventQueue.name);
    expect(jobs).toEqual([{ id: 'evt_1Test', name: StripeEventQueue.jobs[0], data: expect.any(Object) }]);
    expect(StripeEventJob.parse(jobs[0].data)).toEqual({
      eventId: 'evt_1Test',
      type: 'checkout.session.completed',
      account: null,
      objectId: 'cs_test_a1',
      receivedAt: expect.any(String),
    });
  });

  it('keeps the Connect account an event belongs to', async () => {
    const connected = JSON.stringify({ ...event, id: 'evt_2', account: 'acct_123' });
    expect((await deliver(connected, sign(connected))).statusCode).toBe(200);
    expect(addBulk.mock.calls[0][1][0].data).toMatchObject({ eventId: 'evt_2', account: 'acct_123' });
  });

  const refused: [string, () => Promise<Awaited<ReturnType<typeof deliver>>>][] = [
    ['no Stripe-Signature header', () => deliver(body)],
    ['an empty header', () => deliver(body, '')],
    ['a garbage header', () => deliver(body, 'nonsense')],
    ['a signature made with another secret', () => deliver(body, sign(body, { secret: 'whsec_other' }))],
    ['a stale signature (6 minutes old)', () => deliver(body, sign(body, { timestamp: nowSeconds() - 360 }))],
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
    expect(addBulk).not.toHaveBeenCalled();
  });

  it('refuses a body that is not JSON, signed or not', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'text/plain', 'stripe-signature': sign('hi') },
      payload: 'hi',
    });
    expect(response.statusCode).toBe(415);
    expect(addBulk).not.toHaveBeenCalled();
  });

  it('answers 500 when the event cannot be queued, so Stripe delivers it again', async () => {
    addBulk.mockRejectedValueOnce(new Error('Redis is down'));
    expect((await deliver(body, sign(body))).statusCode).toBe(500);
  });
});
