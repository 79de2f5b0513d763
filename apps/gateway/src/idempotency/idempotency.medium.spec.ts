import { randomUUID } from 'node:crypto';

import { IDEMPOTENT_REPLAYED_HEADER } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import {
  Body,
  type CanActivate,
  Controller,
  type ExecutionContext,
  Module,
  Param,
  Post,
} from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';

import { ProblemFilter } from '../http/problem.filter';
import { IdempotencyModule } from './idempotency.module';
import { IdempotencyKeyParam, Idempotent } from './idempotent.decorator';

/** Idempotent commands on the real Redis: what a retry, a replay, a clash and a race get. */
// eslint-disable-next-line no-restricted-properties -- npm test points medium tests at its run's Redis here.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const runs: { key: string; body: unknown }[] = [];
let failNext: ProblemError | null = null;

/** Stands in for the JWT guard: the caller is whoever the x-user header names. */
class HeaderUserGuard implements CanActivate {
  canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.user = { id: String(request.headers['x-user']), email: 'a@example.com', name: 'A' };
    return true;
  }
}

@Controller('pots/:potId/payments')
class PaymentsController {
  @Post()
  @Idempotent()
  async pay(@Param('potId') potId: string, @Body() body: unknown, @IdempotencyKeyParam() key: string) {
    runs.push({ key, body });
    await sleep(100);
    if (failNext) {
      const error = failNext;
      failNext = null;
      throw error;
    }
    return { paymentId: randomUUID(), potId };
  }
}

@Module({
  imports: [
    IdempotencyModule.register({ redisUrl: REDIS_URL, prefix: `idem-test-${randomUUID().slice(0, 8)}` }),
  ],
  controllers: [PaymentsController],
  providers: [{ provide: APP_GUARD, useClass: HeaderUserGuard }],
})
class TestModule {}

describe('Idempotency-Key on money-moving commands (real Redis)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(TestModule, new FastifyAdapter(), {
      logger: false,
    });
    app.useGlobalFilters(new ProblemFilter(''));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => app.close());
  beforeEach(() => (runs.length = 0));

  const pay = (key: string | undefined, payload: object, user = 'ann', potId = 'pot-1') =>
    app.inject({
      method: 'POST',
      url: `/pots/${potId}/payments`,
      headers: { 'x-user': user, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload,
    });

  it('runs the first request and replays its answer to a repeat, marked as replayed', async () => {
    const key = randomUUID();
    const first = await pay(key, { amountPence: 500, note: 'x' });
    const again = await pay(key, { note: 'x', amountPence: 500 }); // same body, other key order

    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(runs).toEqual([{ key, body: { amountPence: 500, note: 'x' } }]);
  });

  it('refuses the same key with another body or another path with 422', async () => {
    const key = randomUUID();
    await pay(key, { amountPence: 500 });

    expect((await pay(key, { amountPence: 501 })).statusCode).toBe(422);
    expect((await pay(key, { amountPence: 500 }, 'ann', 'pot-2')).statusCode).toBe(422);
    expect(runs).toHaveLength(1);
  });

  it('lets ten racing requests with one key run the command once; the rest get 409 with Retry-After', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(key, { amountPence: 1 })));

    expect(runs).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const conflicts = answers.filter((a) => a.statusCode === 409);
    expect(conflicts).toHaveLength(9);
    expect(conflicts[0].headers['retry-after']).toBe('1');
  });

  it('scopes keys to the caller', async () => {
    const key = randomUUID();
    await pay(key, { amountPence: 1 }, 'ann');
    const ben = await pay(key, { amountPence: 1 }, 'ben');

    expect(ben.statusCode).toBe(201);
    expect(ben.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(runs).toHaveLength(2);
  });

  it('keeps a 4xx outcome but frees the key after a 5xx, so the retry runs', async () => {
    const refused = randomUUID();
    failNext = ProblemError.of(400, 'Insufficient Funds', 'Not enough money.');
    expect((await pay(refused, { amountPence: 9 })).statusCode).toBe(400);
    const replayed = await pay(refused, { amountPence: 9 });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ title: 'Insufficient Funds' });

    const unavailable = randomUUID();
    failNext = ProblemError.of(503, 'Service unavailable', 'Please try again in a moment.');
    expect((await pay(unavailable, { amountPence: 9 })).statusCode).toBe(503);
    expect((await pay(unavailable, { amountPence: 9 })).statusCode).toBe(201);
    expect(runs).toHaveLength(3);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['spaced', 'a b'],
    ['holding a tab', 'a\tb'],
    ['not ASCII', 'clé'],
  ])('refuses a key that is %s with 400 and runs nothing', async (_label, key) => {
    const response = await pay(key, { amountPence: 1 });

    expect(response.statusCode).toBe(400);
    expect(runs).toHaveLength(0);
  });
});
