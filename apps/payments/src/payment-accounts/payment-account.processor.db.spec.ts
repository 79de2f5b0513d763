// Against the real Postgres: payments' projection of issuing's payment accounts keeps each account's newest
// announcement whatever order they arrive in, and payments decides who may add funds or withdraw, and who is
// whose other account, on it alone: issuing is never asked.
import { randomUUID } from 'node:crypto';

import { IssuingJobs, type PaymentAccountChangedJob } from '@kitty/contracts';
import type { Job } from 'bullmq';

import type { PaymentsConfig } from '../config';
import { PeerServices } from '../peers/peer-services';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { PaymentAccountProcessor } from './payment-account.processor';
import { PaymentAccountRepository } from './payment-account.repository';

describe("payments' projection of payment accounts (PostgreSQL)", () => {
  let database: PaymentsDatabase;
  let projection: PaymentAccountRepository;
  let deliver: (announcement: PaymentAccountChangedJob) => Promise<unknown>;
  let peers: PeerServices;

  beforeAll(() => {
    database = openPaymentsDatabase();
    projection = new PaymentAccountRepository(database.prisma);
    const processor = new PaymentAccountProcessor({} as PaymentsConfig, projection);
    const handler = processor.handlers().find((h) => h.job === IssuingJobs.paymentAccountChanged);
    deliver = (announcement) => handler?.run(announcement, {} as Job) as Promise<unknown>;
    // Issuing unreachable: any request over request/reply fails.
    const unreachable = {
      call: async () => {
        throw new Error('issuing is unreachable');
      },
    };
    peers = new PeerServices(unreachable as never, { find: async () => null }, projection);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  const announcement = (userId: string, changes: Partial<PaymentAccountChangedJob> = {}) => ({
    userId,
    version: 1,
    verified: true,
    accountId: `acct_${userId.slice(0, 8)}`,
    payoutDestination: 'ba_first',
    payoutAccountLabel: 'NatWest •••• 2345',
    payoutsAvailableFrom: null,
    identityKey: null,
    closed: false,
    ...changes,
  });

  it('keeps the newest announcement: older or repeated ones change nothing', async () => {
    const userId = randomUUID();
    await deliver(announcement(userId, { version: 1, verified: false, payoutDestination: null }));
    const replaced = announcement(userId, {
      version: 3,
      payoutDestination: 'ba_second',
      payoutsAvailableFrom: '2099-11-30T09:12:00.000Z',
    });
    await deliver(replaced);
    // Relayed late: version 2 (the first bank account, no wait) is older news than version 3.
    await deliver(announcement(userId, { version: 2 }));
    await deliver(replaced);
    await expect(projection.find(userId)).resolves.toEqual(replaced);
    await expect(peers.requireVerified(userId, 'withdraw')).resolves.toEqual({
      accountId: replaced.accountId,
      payoutDestination: 'ba_second',
      payoutAccountLabel: 'NatWest •••• 2345',
      payoutsAvailableFrom: '2099-11-30T09:12:00.000Z',
    });
  });

  it('refuses a closed account, even when an older announcement of it comes after', async () => {
    const userId = randomUUID();
    await deliver(announcement(userId, { version: 1 }));
    await expect(peers.requireVerified(userId, 'add funds')).resolves.toMatchObject({
      payoutDestination: 'ba_first',
    });
    await deliver(announcement(userId, { version: 5, closed: true }));
    await deliver(announcement(userId, { version: 4 }));
    await expect(projection.find(userId)).resolves.toMatchObject({ version: 5, closed: true });
    await expect(peers.requireVerified(userId, 'withdraw')).rejects.toMatchObject({
      problem: { status: 403, title: 'Account Setup Required' },
    });
    await expect(peers.verification(userId)).resolves.toBeNull();
  });

  it('refuses, without asking issuing, an account it has never heard of', async () => {
    await expect(peers.requireVerified(randomUUID(), 'add funds')).rejects.toMatchObject({
      problem: { status: 403, detail: 'Complete your account verification to add funds.' },
    });
  });

  it("tells a requester's own other accounts by their identity key", async () => {
    const [ann, annAgain, ben, unverified] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const [annKey, benKey] = [randomUUID(), randomUUID()];
    await deliver(announcement(ann, { identityKey: annKey }));
    await deliver(announcement(annAgain, { identityKey: annKey }));
    await deliver(announcement(ben, { identityKey: benKey }));
    await deliver(announcement(unverified, { verified: false }));
    await expect(peers.samePerson(ann, [annAgain, ben, unverified, randomUUID()])).resolves.toEqual(
      new Set([annAgain]),
    );
    await expect(peers.samePerson(unverified, [ann, annAgain])).resolves.toEqual(new Set());
  });
});
