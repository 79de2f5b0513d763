import { randomUUID } from 'node:crypto';

import { type PaymentsCaller, ResidencyRpc } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';

import type { PrismaService } from '../prisma.service';
import { FakePeerRpc, FakeStripe } from '../testing/fakes';
import { checkoutExpiry, FundingService } from './funding.service';

/** Only what FundingService writes before and after asking Stripe. */
function fakePrisma() {
  const rows = new Map<string, Record<string, unknown>>();
  return {
    rows,
    fundingTransaction: {
      findUnique: jest.fn(async ({ where }: { where: { id: string } }) => rows.get(where.id) ?? null),
      create: jest.fn(async ({ data }: { data: Record<string, unknown> }) => {
        rows.set(data['id'] as string, {
          ...data,
          status: 'pending',
          sessionId: null,
          createdAt: new Date(),
        });
        return rows.get(data['id'] as string);
      }),
      update: jest.fn(async ({ where, data }: { where: { id: string }; data: object }) =>
        Object.assign(rows.get(where.id) ?? {}, data),
      ),
      updateMany: jest.fn(async ({ where, data }: { where: Record<string, unknown>; data: object }) => {
        const row = rows.get(where['id'] as string);
        // Conditions on plain values (status: 'pending', sessionId: null) and `in` lists are honoured.
        const matches =
          row &&
          Object.entries(where).every(([key, value]) =>
            typeof value === 'object' && value !== null
              ? !('in' in value) || (value.in as unknown[]).includes(row[key])
              : row[key] === value,
          );
        if (!row || !matches) return { count: 0 };
        Object.assign(row, data);
        return { count: 1 };
      }),
      findFirst: jest.fn(async ({ where }: { where: { id: string; userId: string } }) => {
        const row = rows.get(where.id);
        return row && row['userId'] === where.userId ? row : null;
      }),
      findUniqueOrThrow: jest.fn(async ({ where }: { where: { id: string } }) => rows.get(where.id)),
    },
  };
}

describe('FundingService', () => {
  let stripe: FakeStripe;
  let rpc: FakePeerRpc;
  let prisma: ReturnType<typeof fakePrisma>;
  let service: FundingService;
  let caller: PaymentsCaller;

  beforeEach(() => {
    stripe = new FakeStripe();
    rpc = new FakePeerRpc();
    prisma = fakePrisma();
    service = new FundingService(prisma as unknown as PrismaService, rpc.asPeers(), stripe.asGateway(), {
      PUBLIC_URL: 'https://kitty.example',
    });
    caller = { userId: randomUUID(), email: 'alice@example.com', name: 'Alice' };
    rpc.verify(caller.userId);
  });

  const problemOf = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a problem');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(ProblemError);
        return (error as ProblemError).problem;
      },
    );

  it('asks Stripe for the amount plus a separate fee line, with our return URLs and the funding id', async () => {
    rpc.ukResidents.add(caller.userId);
    const created = await service.createCheckoutSession(
      caller,
      {
        amountPence: 2500,
        destination: { type: 'wallet' },
        method: 'apple_pay',
      },
      randomUUID(),
    );

    const [fundingId] = [...prisma.rows.keys()];
    expect(stripe.created).toEqual([
      {
        fundingId,
        amountPence: 2500,
        feePence: 50,
        ratePercent: 2,
        methodTypes: ['card'],
        destinationName: 'your Kitty wallet',
        customerEmail: 'alice@example.com',
        successUrl: 'https://kitty.example/funding-success?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: expect.stringMatching(
          /^https:\/\/kitty\.example\/funding-cancelled\?top_up=[0-9a-f-]{36}$/,
        ),
        expiresAt: expect.any(Date),
      },
    ]);
    expect(created).toEqual({
      sessionId: expect.stringMatching(/^cs_test_/),
      url: expect.any(String),
      amountPence: 2500,
      feePence: 50,
      feeRate: 2,
      totalPence: 2550,
    });
    expect(prisma.rows.get(fundingId)).toMatchObject({
      sessionId: created.sessionId,
      creditAccountId: `wallet:${caller.userId}`,
      feeRate: 2,
      isUkUser: true,
    });
  });

  it('answers a repeated command (same Idempotency-Key) with the same top-up, fee and Stripe idempotency key', async () => {
    rpc.ukResidents.add(caller.userId);
    const key = randomUUID();
    const body = { amountPence: 2500, destination: { type: 'wallet' as const }, method: 'card' as const };
    const first = await service.createCheckoutSession(caller, body, key);
    // The fee rule must not change a repeat: residency moved abroad in between.
    rpc.ukResidents.delete(caller.userId);
    const again = await service.createCheckoutSession(caller, body, key);

    expect(prisma.rows.size).toBe(1);
    expect(again).toMatchObject({ amountPence: 2500, feePence: 50, feeRate: 2, totalPence: 2550 });
    expect(stripe.created.map((params) => params.fundingId)).toEqual([
      ...prisma.rows.keys(),
      ...prisma.rows.keys(),
    ]);
    expect(first.amountPence).toBe(again.amountPence);
    // Stripe compares a repeated key's parameters: the page's expiry is the same both times.
    const [sent, resent] = stripe.created.map((params) => params.expiresAt.getTime());
    expect(resent).toBe(sent);
    await expect(
      problemOf(service.createCheckoutSession(caller, { ...body, amountPence: 2600 }, key)),
    ).resolves.toMatchObject({ status: 422 });
  });

  it('lets an unpaid Checkout page expire an hour after the top-up began, never sooner than Stripe allows', () => {
    const began = new Date('2026-11-25T10:00:00Z');
    expect(checkoutExpiry(began, new Date('2026-11-25T10:00:02Z')).toISOString()).toBe(
      '2026-11-25T11:00:00.000Z',
    );
    // A retry 40 minutes on: Stripe wants at least 30 minutes ahead.
    expect(checkoutExpiry(began, new Date('2026-11-25T10:40:00Z')).toISOString()).toBe(
      '2026-11-25T11:11:00.000Z',
    );
  });

  describe('cancelling a top-up (the payer came back with Cancel)', () => {
    const body = { amountPence: 2500, destination: { type: 'wallet' as const }, method: 'card' as const };
    const start = async () => {
      await service.createCheckoutSession(caller, body, randomUUID());
      const [topUpId] = [...prisma.rows.keys()];
      return { topUpId: topUpId!, sessionId: prisma.rows.get(topUpId!)!['sessionId'] as string };
    };

    it('expires the page at Stripe first, then cancels the top-up; a repeat changes nothing', async () => {
      const { topUpId, sessionId } = await start();
      await expect(service.cancelTopUp(caller, topUpId)).resolves.toMatchObject({ status: 'cancelled' });
      expect(stripe.sessions.get(sessionId)?.status).toBe('expired');
      await expect(service.cancelTopUp(caller, topUpId)).resolves.toMatchObject({ status: 'cancelled' });
      expect(stripe.created[0]?.cancelUrl).toBe(`https://kitty.example/funding-cancelled?top_up=${topUpId}`);
    });

    it('refuses (409) when the payment went through meanwhile, and leaves the top-up to the webhook', async () => {
      const { topUpId, sessionId } = await start();
      stripe.sessions.set(sessionId, { ...stripe.sessions.get(sessionId)!, status: 'complete' });
      await expect(problemOf(service.cancelTopUp(caller, topUpId))).resolves.toMatchObject({ status: 409 });
      expect(prisma.rows.get(topUpId)?.['status']).toBe('pending');
    });

    it('still says cancelled when Stripe’s expired event overtook the cancellation', async () => {
      const { topUpId, sessionId } = await start();
      const expire = stripe.expireSession.bind(stripe);
      jest.spyOn(stripe, 'expireSession').mockImplementation(async (id: string) => {
        const expired = await expire(id);
        prisma.rows.get(topUpId)!['status'] = 'expired';
        return expired;
      });
      await expect(service.cancelTopUp(caller, topUpId)).resolves.toMatchObject({ status: 'cancelled' });
      expect(stripe.sessions.get(sessionId)?.status).toBe('expired');
    });

    it("answers 404 for another user's top-up", async () => {
      const { topUpId } = await start();
      const stranger = { ...caller, userId: randomUUID() };
      await expect(problemOf(service.cancelTopUp(stranger, topUpId))).resolves.toMatchObject({ status: 404 });
    });
  });

  it('reads a top-up for its receipt to its payer only', async () => {
    await service.createCheckoutSession(
      caller,
      { amountPence: 2500, destination: { type: 'wallet' }, method: 'card' },
      randomUUID(),
    );
    const [topUpId] = [...prisma.rows.keys()];
    await expect(service.getTopUp(caller, topUpId!)).resolves.toMatchObject({
      id: topUpId,
      amountPence: 2500,
      status: 'pending',
    });
    const stranger = { ...caller, userId: randomUUID() };
    await expect(problemOf(service.getTopUp(stranger, topUpId!))).resolves.toMatchObject({ status: 404 });
    await expect(problemOf(service.getTopUp(caller, randomUUID()))).resolves.toMatchObject({ status: 404 });
  });

  it('offers Bacs Direct Debit for a bank transfer', async () => {
    await service.createCheckoutSession(
      caller,
      {
        amountPence: 100,
        destination: { type: 'wallet' },
        method: 'bank_transfer',
      },
      randomUUID(),
    );
    expect(stripe.created[0].methodTypes).toEqual(['bacs_debit']);
  });

  it('quotes 6% to a user whose residency is not the UK', async () => {
    await expect(service.quoteFee(caller, 1000)).resolves.toEqual({
      amountPence: 1000,
      feePence: 60,
      feeRate: 6,
      totalPence: 1060,
      isUKUser: false,
    });
  });

  it('refuses an unverified account with the spec’s text and creates nothing', async () => {
    rpc.verified.clear();
    await expect(
      problemOf(
        service.createCheckoutSession(
          caller,
          {
            amountPence: 100,
            destination: { type: 'wallet' },
            method: 'card',
          },
          randomUUID(),
        ),
      ),
    ).resolves.toMatchObject({
      status: 403,
      title: 'Account Setup Required',
      detail: 'Complete your account verification to add funds.',
    });
    await expect(problemOf(service.quoteFee(caller, 100))).resolves.toMatchObject({ status: 403 });
    expect(prisma.rows.size).toBe(0);
    expect(stripe.created).toHaveLength(0);
  });

  it("decides on payments' own projection of the payment account: issuing is never asked", async () => {
    await service.createCheckoutSession(
      caller,
      { amountPence: 100, destination: { type: 'wallet' }, method: 'card' },
      randomUUID(),
    );
    await service.quoteFee(caller, 100);
    expect(stripe.created).toHaveLength(1);
    expect(new Set(rpc.asked)).toEqual(new Set([ResidencyRpc.get.pattern]));
  });

  it('credits a pot only for one of its members, named as the pot', async () => {
    const potId = randomUUID();
    await expect(
      problemOf(
        service.createCheckoutSession(
          caller,
          {
            amountPence: 100,
            destination: { type: 'pot', potId },
            method: 'card',
          },
          randomUUID(),
        ),
      ),
    ).resolves.toMatchObject({ status: 404 });

    rpc.join(potId, caller.userId, 'member', 'Lisbon trip');
    await service.createCheckoutSession(
      caller,
      {
        amountPence: 100,
        destination: { type: 'pot', potId },
        method: 'card',
      },
      randomUUID(),
    );
    expect([...prisma.rows.values()][0]).toMatchObject({
      creditAccountId: `pot:${potId}`,
      destinationName: 'Lisbon trip',
    });
  });

  it('marks the row failed and answers a problem when Stripe cannot create the session', async () => {
    jest.spyOn(stripe, 'createTopUpSession').mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    await expect(
      problemOf(
        service.createCheckoutSession(
          caller,
          {
            amountPence: 100,
            destination: { type: 'wallet' },
            method: 'card',
          },
          randomUUID(),
        ),
      ),
    ).resolves.toMatchObject({ status: 502, detail: 'Failed to create funding session. Please try again.' });
    expect([...prisma.rows.values()][0]).toMatchObject({ status: 'failed' });
  });
});
