// Against the real Postgres (a database of its own, migrated with the project's tool) and the Stripe
// sandbox in-process, driven by the real stripe SDK as in production.
import { randomUUID } from 'node:crypto';

import { type IssuingCaller, IssuingJobs, type KycRequest, type TermsAcceptance } from '@kitty/contracts';
import { createStripeClient, type LivePublisher, ProblemError } from '@kitty/nest-common';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@kitty/testing';

// eslint-disable-next-line @nx/enforce-module-boundaries -- the sandbox is Stripe's test double, used only in tests
import {
  startTestSandbox,
  type TestSandbox,
  waitFor,
} from '../../../../infra/stripe-sandbox/src/testing/harness';
import { StripeCards } from '../cards/stripe-cards';
import { VirtualCardRepository } from '../cards/virtual-card.repository';
import { VirtualCardService } from '../cards/virtual-card.service';
import { loadDatabaseConfig } from '../config';
import { PrismaService } from '../prisma.service';
import { announcedAccount, idleRelay, refuseAnnouncements } from '../testing/announcements';
import { individualOf } from './account-state';
import { OnboardingService } from './onboarding.service';
import { PaymentAccountRepository } from './payment-account.repository';
import { StripeAccounts } from './stripe-accounts';

/** Live notices published, as [userIds, topics]. */
const published: Array<[string[], string[]]> = [];
const recordingLive = {
  publish: (userIds: Iterable<string>, topics: string[]) => {
    published.push([[...userIds], topics]);
    return Promise.resolve();
  },
} as unknown as LivePublisher;

/** The service graph as the module wires it, on one database and one Stripe endpoint. */
function servicesOn(prisma: PrismaService, stripeApiUrl: string) {
  const stripe = createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_issuing', STRIPE_API_URL: stripeApiUrl });
  const accounts = new PaymentAccountRepository(prisma, idleRelay);
  const cards = new VirtualCardRepository(prisma);
  const stripeAccounts = new StripeAccounts(stripe, { PAYOUT_BANK_ACCOUNT_TOKEN: 'btok_gb' });
  const onboarding = new OnboardingService(accounts, cards, stripeAccounts, recordingLive);
  const virtualCards = new VirtualCardService(accounts, cards, stripeAccounts, new StripeCards(stripe));
  return { onboarding, virtualCards };
}

/** What the gateway passes on with the form: when and from where the user accepted the terms. */
const ACCEPTANCE: TermsAcceptance = {
  acceptedAt: '2026-11-20T10:00:00.000Z',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (onboarding spec)',
};

const KYC: KycRequest = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '+447700900123',
  dateOfBirth: { day: 10, month: 12, year: 1990 },
  address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
  acceptedTerms: true,
};
/** Stripe's test date of birth that fails identity verification. */
const FAILING_KYC: KycRequest = { ...KYC, dateOfBirth: { day: 1, month: 1, year: 1900 } };

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

describe('OnboardingService (PostgreSQL + Stripe sandbox)', () => {
  let database: ThrowawayDatabase;
  let prisma: PrismaService;
  let t: TestSandbox;
  let onboarding: OnboardingService;
  let virtualCards: VirtualCardService;

  beforeAll(async () => {
    database = createThrowawayDatabase('issuing', loadDatabaseConfig().DATABASE_URL);
    prisma = new PrismaService({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: 10 });
    t = await startTestSandbox();
    ({ onboarding, virtualCards } = servicesOn(prisma, t.sandbox.url));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await prisma?.$disconnect();
    await database?.drop();
  });

  const newCaller = (): IssuingCaller => ({ userId: randomUUID(), email: 'ada@example.com', name: 'Ada' });
  const sandboxAccountsOf = (userId: string) =>
    t.sandbox.accounts.accounts.all().filter((account) => account.metadata?.['userId'] === userId);

  /** Sends the form, then lets Stripe finish verifying and delivers its account.updated, as the worker does. */
  const verify = async (caller: IssuingCaller, kyc: KycRequest = KYC) => {
    const sent = await onboarding.updateKyc(caller, kyc, ACCEPTANCE);
    const accountId = sent.account?.id as string;
    await waitFor(() => t.sandbox.accounts.accounts.get(accountId)?.charges_enabled, 5000, 'verification');
    await onboarding.accountUpdated(accountId);
    return onboarding.status(caller);
  };

  it('starts on the form with no account, unverified', async () => {
    const caller = newCaller();
    await expect(onboarding.status(caller)).resolves.toEqual({ step: 'form', account: null, card: null });
    await expect(announcedAccount(prisma, caller.userId)).resolves.toBeNull();
  });

  it('creates one account with card issuing and transfers requested, however often it is asked', async () => {
    const caller = newCaller();
    const results = await Promise.all(Array.from({ length: 5 }, () => onboarding.createAccount(caller)));
    const ids = new Set(results.map((status) => status.account?.id));
    expect(ids.size).toBe(1);
    expect(sandboxAccountsOf(caller.userId)).toHaveLength(1);
    expect(results[0]).toEqual({
      step: 'form',
      card: null,
      account: {
        id: expect.stringMatching(/^acct_/),
        status: 'restricted',
        kycStatus: 'pending',
        requirements: expect.arrayContaining([
          'individual.first_name',
          'individual.dob.day',
          'tos_acceptance.date',
          'card_issuing.tos_acceptance.date',
        ]),
        pendingVerification: [],
        cardNotReadyReason: 'Accept the terms of Stripe, our payment provider, to continue.',
        capabilities: { cardIssuing: 'inactive', transfers: 'inactive' },
        // The provider's placeholder test bank account is not the user's: none until they add theirs.
        payoutAccountLabel: null,
      },
    });
    await expect(onboarding.createAccount(caller)).resolves.toEqual(results[0]);
  });

  it('sends the details with both terms acceptances, waits while Stripe verifies, and is verified on its account.updated', async () => {
    const caller = newCaller();
    const sent = await onboarding.updateKyc(caller, KYC, ACCEPTANCE);
    expect(sent).toEqual({
      step: 'card',
      card: null,
      account: expect.objectContaining({
        status: 'restricted',
        kycStatus: 'verifying',
        requirements: [],
        pendingVerification: expect.arrayContaining(['individual.dob.day']),
        cardNotReadyReason: expect.stringContaining('Stripe, our payment provider, is checking your details'),
        capabilities: { cardIssuing: 'pending', transfers: 'pending' },
      }),
    });
    const [stripeAccount] = sandboxAccountsOf(caller.userId);
    const acceptedAt = Date.parse(ACCEPTANCE.acceptedAt) / 1000;
    expect(stripeAccount.tos_acceptance).toMatchObject({
      date: acceptedAt,
      ip: ACCEPTANCE.ip,
      user_agent: ACCEPTANCE.userAgent,
    });
    expect(stripeAccount.settings.card_issuing.tos_acceptance).toEqual({
      date: acceptedAt,
      ip: ACCEPTANCE.ip,
      user_agent: ACCEPTANCE.userAgent,
    });
    await expect(
      prisma.paymentAccount.findUniqueOrThrow({ where: { userId: caller.userId } }),
    ).resolves.toMatchObject({
      termsAcceptedAt: new Date(ACCEPTANCE.acceptedAt),
      termsAcceptedIp: ACCEPTANCE.ip,
      termsAcceptedUserAgent: ACCEPTANCE.userAgent,
    });
    // Not yet: Stripe has not said so.
    await expect(announcedAccount(prisma, caller.userId)).resolves.toMatchObject({ verified: false });
    await expect(problemOf(virtualCards.create(caller))).resolves.toMatchObject({
      status: 409,
      title: 'Card not ready yet',
      detail: expect.stringContaining('is checking your details'),
    });

    published.length = 0;
    const verified = await verify(caller);
    expect(verified.account).toMatchObject({
      status: 'active',
      kycStatus: 'complete',
      requirements: [],
      pendingVerification: [],
      cardNotReadyReason: null,
      capabilities: { cardIssuing: 'active', transfers: 'active' },
    });
    expect(published).toEqual([[[caller.userId], ['onboarding']]]);
    // Verified, but nothing is paid out until the user adds their own bank account.
    await expect(announcedAccount(prisma, caller.userId)).resolves.toMatchObject({
      verified: true,
      accountId: stripeAccount.id,
      payoutDestination: null,
      payoutsAvailableFrom: null,
      payoutAccountLabel: null,
      closed: false,
    });
  });

  it('offers no card while Stripe keeps card issuing pending, and tells the user why', async () => {
    const caller = newCaller();
    const pending = { ...KYC, address: { ...KYC.address, line1: 'address_pending_verification' } };
    const sent = await onboarding.updateKyc(caller, pending, ACCEPTANCE);
    const accountId = sent.account?.id as string;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await onboarding.accountUpdated(accountId);
    await expect(onboarding.currentStatus(caller)).resolves.toMatchObject({
      step: 'card',
      account: {
        kycStatus: 'verifying',
        capabilities: { cardIssuing: 'pending' },
        cardNotReadyReason: expect.stringContaining('is checking your details'),
      },
    });
    await expect(problemOf(virtualCards.create(caller))).resolves.toMatchObject({
      status: 409,
      title: 'Card not ready yet',
    });
    await expect(prisma.virtualCard.count({ where: { userId: caller.userId } })).resolves.toBe(0);
    await expect(announcedAccount(prisma, caller.userId)).resolves.toMatchObject({ verified: false });
  });

  it('shows the terms as due until they are accepted, and accepting them clears it', async () => {
    const caller = newCaller();
    const created = await onboarding.createAccount(caller);
    const accountId = created.account?.id as string;
    // The details reached Stripe without the acceptances (as Kitty sent them before it recorded any).
    await t.stripe.accounts.update(accountId, { individual: individualOf(KYC) });
    await expect(onboarding.currentStatus(caller)).resolves.toMatchObject({
      step: 'form',
      account: {
        kycStatus: 'pending',
        requirements: [
          'card_issuing.tos_acceptance.date',
          'card_issuing.tos_acceptance.ip',
          'tos_acceptance.date',
          'tos_acceptance.ip',
        ],
        cardNotReadyReason: 'Accept the terms of Stripe, our payment provider, to continue.',
      },
    });
    await expect(onboarding.updateKyc(caller, KYC, ACCEPTANCE)).resolves.toMatchObject({
      step: 'card',
      account: { kycStatus: 'verifying', requirements: [] },
    });
  });

  it('turns back to the form when Stripe’s verification fails later, saying so', async () => {
    const caller = newCaller();
    const failing = { ...KYC, address: { ...KYC.address, line1: 'address_no_match' } };
    const sent = await onboarding.updateKyc(caller, failing, ACCEPTANCE);
    const accountId = sent.account?.id as string;
    await waitFor(
      () => t.sandbox.accounts.accounts.get(accountId)?.requirements.errors?.length,
      5000,
      'the failed verification',
    );
    await onboarding.accountUpdated(accountId);
    await expect(onboarding.status(caller)).resolves.toMatchObject({
      step: 'form',
      account: {
        kycStatus: 'failed',
        requirements: ['individual.address.line1'],
        cardNotReadyReason: expect.stringContaining('could not verify your details'),
      },
    });
  });

  it('ignores account.updated for an account that is no user’s', async () => {
    published.length = 0;
    const stray = await t.stripe.accounts.create({ type: 'custom' });
    await expect(onboarding.accountUpdated(stray.id)).resolves.toBeUndefined();
    expect(published).toEqual([]);
  });

  it('tells residency the accepted address’s country once, in the transaction that completed KYC', async () => {
    const caller = newCaller();
    const residencyMessages = () =>
      prisma.outboxMessage.findMany({
        where: { jobName: 'residency.kyc-address.v1', payload: { path: ['userId'], equals: caller.userId } },
      });
    await problemOf(onboarding.updateKyc(caller, FAILING_KYC, ACCEPTANCE));
    await expect(residencyMessages()).resolves.toEqual([]);

    await verify(caller);
    // Sent again, refreshed, and recreated on a new provider account: the country is already known.
    await verify(caller);
    await onboarding.currentStatus(caller);
    await onboarding.recreateAccount(caller);
    await waitFor(
      () => sandboxAccountsOf(caller.userId).every((account) => account.charges_enabled),
      5000,
      'the new account to be verified',
    );
    await onboarding.currentStatus(caller);
    const messages = await residencyMessages();
    expect(messages).toEqual([
      expect.objectContaining({
        queue: 'residency-detect',
        payload: expect.objectContaining({ userId: caller.userId, countryCode: 'GB' }),
      }),
    ]);
    await expect(
      prisma.paymentAccount.findUniqueOrThrow({ where: { userId: caller.userId } }),
    ).resolves.toMatchObject({ kycCountry: 'GB' });
  });

  it("gives one person's accounts one identity key, from the phone number KYC accepted on each, kept across a recreation", async () => {
    const [ann, annAgain, ben, unverified] = [newCaller(), newCaller(), newCaller(), newCaller()];
    await verify(ann);
    await verify(annAgain, { ...KYC, phoneNumber: '+447700900123' });
    await verify(ben, { ...KYC, phoneNumber: '+447700900456' });
    await onboarding.createAccount(unverified);
    const keyOf = async (caller: IssuingCaller) =>
      (await announcedAccount(prisma, caller.userId))?.identityKey;

    const annKey = await keyOf(ann);
    expect(annKey).toEqual(expect.any(String));
    await expect(keyOf(annAgain)).resolves.toBe(annKey);
    await expect(keyOf(ben)).resolves.not.toBe(annKey);
    await expect(keyOf(ben)).resolves.toEqual(expect.any(String));
    await expect(keyOf(unverified)).resolves.toBeNull();
    // Never the number, nor its digest: a key issuing made up for it.
    const announced = JSON.stringify(await announcedAccount(prisma, ann.userId));
    expect(announced).not.toContain('7700900123');
    const { phoneDigest } = await prisma.paymentAccount.findUniqueOrThrow({ where: { userId: ann.userId } });
    expect(announced).not.toContain(phoneDigest as string);

    const recreated = await onboarding.recreateAccount(annAgain);
    await waitFor(
      () => t.sandbox.accounts.accounts.get(recreated.account?.id as string)?.charges_enabled,
      5000,
      'the new account to be verified',
    );
    await onboarding.accountUpdated(recreated.account?.id as string);
    await expect(announcedAccount(prisma, annAgain.userId)).resolves.toMatchObject({
      accountId: recreated.account?.id,
      identityKey: annKey,
    });
  });

  it('tells payments of a completed KYC in the transaction that records it, with a higher version', async () => {
    const caller = newCaller();
    const sent = await onboarding.updateKyc(caller, KYC, ACCEPTANCE);
    const accountId = sent.account?.id as string;
    const before = await announcedAccount(prisma, caller.userId);
    expect(before).toMatchObject({ verified: false });
    await waitFor(() => t.sandbox.accounts.accounts.get(accountId)?.charges_enabled, 5000, 'verification');

    // The announcement cannot be written: the completion is not recorded either (the job is retried).
    const allowAnnouncements = await refuseAnnouncements(prisma);
    try {
      await expect(onboarding.accountUpdated(accountId)).rejects.toThrow('announcement refused');
    } finally {
      await allowAnnouncements();
    }
    await expect(
      prisma.paymentAccount.findUniqueOrThrow({ where: { userId: caller.userId } }),
    ).resolves.toMatchObject({ kycStatus: 'verifying' });
    await expect(announcedAccount(prisma, caller.userId)).resolves.toEqual(before);

    await onboarding.accountUpdated(accountId);
    const after = await announcedAccount(prisma, caller.userId);
    expect(after).toMatchObject({ verified: true, version: (before?.version ?? 0) + 1 });
    // The same state recorded again tells payments nothing new.
    await onboarding.accountUpdated(accountId);
    await expect(announcedAccount(prisma, caller.userId)).resolves.toEqual(after);
  });

  it('tells payments when the owner deleted their Kitty account, once', async () => {
    const caller = newCaller();
    await verify(caller);
    const before = await announcedAccount(prisma, caller.userId);
    await onboarding.closeForDeletedUser(caller.userId);
    await onboarding.closeForDeletedUser(caller.userId);
    await expect(announcedAccount(prisma, caller.userId)).resolves.toEqual({
      ...before,
      version: (before?.version ?? 0) + 1,
      closed: true,
    });
    await expect(
      prisma.outboxMessage.count({
        where: {
          jobName: IssuingJobs.paymentAccountChanged.name,
          payload: { path: ['userId'], equals: caller.userId },
        },
      }),
    ).resolves.toBe((before?.version ?? 0) + 1);
  });

  it('answers 422 with the provider reason when verification fails, and records it', async () => {
    const caller = newCaller();
    const problem = await problemOf(onboarding.updateKyc(caller, FAILING_KYC, ACCEPTANCE));
    expect(problem).toMatchObject({
      status: 422,
      title: 'Failed to update KYC information',
      detail: expect.stringContaining('cannot be verified'),
    });
    await expect(onboarding.status(caller)).resolves.toMatchObject({
      step: 'form',
      account: { kycStatus: 'failed', requirements: ['individual.dob.day'] },
    });
    await expect(announcedAccount(prisma, caller.userId)).resolves.toMatchObject({ verified: false });

    await expect(verify(caller)).resolves.toMatchObject({ step: 'card' });
    await expect(announcedAccount(prisma, caller.userId)).resolves.toMatchObject({ verified: true });
  });

  it('never shows or changes one user’s account to another', async () => {
    const owner = newCaller();
    const stranger = newCaller();
    const own = await verify(owner);
    await expect(onboarding.status(stranger)).resolves.toEqual({ step: 'form', account: null, card: null });
    await expect(announcedAccount(prisma, stranger.userId)).resolves.toBeNull();
    await expect(problemOf(onboarding.recreateAccount(stranger))).resolves.toMatchObject({ status: 404 });
    const theirs = await onboarding.createAccount(stranger);
    expect(theirs.account?.id).not.toBe(own.account?.id);
    await expect(onboarding.status(owner)).resolves.toEqual(own);
  });

  it('recreates the account with card issuing, carrying the verified details over (once, under concurrency)', async () => {
    const caller = newCaller();
    const before = await verify(caller);
    const results = await Promise.all(Array.from({ length: 3 }, () => onboarding.recreateAccount(caller)));
    const after = results[0];
    expect(new Set(results.map((status) => status.account?.id))).toEqual(new Set([after.account?.id]));
    expect(after.account?.id).not.toBe(before.account?.id);
    // The recorded terms acceptance goes to the new account: Stripe verifies its details again.
    expect(after).toMatchObject({
      step: 'card',
      account: { kycStatus: 'verifying', capabilities: { cardIssuing: 'pending', transfers: 'pending' } },
    });
    const accountId = after.account?.id as string;
    await waitFor(() => t.sandbox.accounts.accounts.get(accountId)?.charges_enabled, 5000, 'verification');
    await onboarding.accountUpdated(accountId);
    expect(sandboxAccountsOf(caller.userId)).toHaveLength(2);
    await expect(announcedAccount(prisma, caller.userId)).resolves.toMatchObject({
      verified: true,
      accountId: after.account?.id,
    });
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const offline = servicesOn(prisma, 'http://127.0.0.1:9').onboarding;
    await expect(problemOf(offline.createAccount(newCaller()))).resolves.toMatchObject({ status: 503 });
  });

  it('issues one active virtual card on the verified account and moves to complete', async () => {
    const caller = newCaller();
    await verify(caller);
    const results = await Promise.all(Array.from({ length: 3 }, () => virtualCards.create(caller)));
    expect(new Set(results.map(({ card }) => JSON.stringify(card))).size).toBe(1);
    expect(results.filter(({ created }) => created)).toHaveLength(1);
    const { card } = results[0];
    expect(card).toEqual({
      brand: 'Visa',
      last4: expect.stringMatching(/^\d{4}$/),
      expMonth: expect.any(Number),
      expYear: expect.any(Number),
      status: 'active',
    });
    await expect(virtualCards.create(caller)).resolves.toEqual({ created: false, card });
    await expect(onboarding.status(caller)).resolves.toMatchObject({ step: 'complete', card });
    await expect(problemOf(onboarding.recreateAccount(caller))).resolves.toMatchObject({ status: 409 });
  });

  it('refuses a card before KYC, and on an account without card issuing', async () => {
    const unverified = newCaller();
    await expect(problemOf(virtualCards.create(unverified))).resolves.toMatchObject({
      status: 409,
      title: 'Account Setup Required',
    });

    const caller = newCaller();
    const { account } = await verify(caller);
    // An account opened before card issuing was requested (what 'Card Issuing Not Available?' is for).
    await prisma.paymentAccount.update({
      where: { userId: caller.userId },
      data: { cardIssuingCapability: null },
    });
    await expect(problemOf(virtualCards.create(caller))).resolves.toMatchObject({
      status: 422,
      title: 'Card Issuing Not Available',
    });
    const recreated = await onboarding.recreateAccount(caller);
    expect(recreated.account?.id).not.toBe(account?.id);
    const recreatedId = recreated.account?.id as string;
    await waitFor(() => t.sandbox.accounts.accounts.get(recreatedId)?.charges_enabled, 5000, 'verification');
    await onboarding.accountUpdated(recreatedId);
    await expect(virtualCards.create(caller)).resolves.toMatchObject({ created: true });
    await expect(onboarding.status(caller)).resolves.toMatchObject({ step: 'complete' });
  });

  it('picks up a verification the provider finished later when the onboarding page asks', async () => {
    const caller = newCaller();
    const created = await onboarding.createAccount(caller);
    const accountId = created.account?.id as string;
    await t.stripe.accounts.update(accountId, {
      individual: { ...individualOf(KYC) },
      tos_acceptance: { date: 1_795_000_000, ip: ACCEPTANCE.ip },
      settings: { card_issuing: { tos_acceptance: { date: 1_795_000_000, ip: ACCEPTANCE.ip } } },
    });
    await expect(announcedAccount(prisma, caller.userId)).resolves.toMatchObject({ verified: false });
    await waitFor(() => t.sandbox.accounts.accounts.get(accountId)?.charges_enabled, 5000, 'verification');

    await expect(onboarding.currentStatus(caller)).resolves.toMatchObject({
      step: 'card',
      account: { id: accountId, kycStatus: 'complete' },
    });
    await expect(announcedAccount(prisma, caller.userId)).resolves.toMatchObject({ verified: true });
  });

  it('shows the recorded state when the provider cannot be reached', async () => {
    const caller = newCaller();
    const created = await onboarding.createAccount(caller);
    const offline = servicesOn(prisma, 'http://127.0.0.1:9').onboarding;
    await expect(offline.currentStatus(caller)).resolves.toEqual(created);
  });

  it('freezes and unfreezes only the caller’s own card', async () => {
    const owner = newCaller();
    await verify(owner);
    await virtualCards.create(owner);
    await expect(virtualCards.setStatus(owner, { status: 'inactive' })).resolves.toMatchObject({
      status: 'inactive',
    });
    const row = await prisma.virtualCard.findUniqueOrThrow({ where: { userId: owner.userId } });
    const atStripe = await t.stripe.issuing.cards.retrieve(
      row.stripeCardId,
      {},
      { stripeAccount: row.stripeAccountId },
    );
    expect(atStripe.status).toBe('inactive');
    await expect(virtualCards.setStatus(owner, { status: 'active' })).resolves.toMatchObject({
      status: 'active',
    });
    // Unfreezing an active card again changes nothing, even with the provider unreachable.
    const offline = servicesOn(prisma, 'http://127.0.0.1:9').virtualCards;
    await expect(offline.setStatus(owner, { status: 'active' })).resolves.toMatchObject({ status: 'active' });
    await expect(onboarding.status(owner)).resolves.toMatchObject({ card: { status: 'active' } });

    const stranger = newCaller();
    await expect(problemOf(virtualCards.setStatus(stranger, { status: 'inactive' }))).resolves.toMatchObject({
      status: 404,
    });
    await expect(onboarding.status(owner)).resolves.toMatchObject({ card: { status: 'active' } });
  });

  it('has no card to show before one is created', async () => {
    await expect(problemOf(virtualCards.current(newCaller()))).resolves.toMatchObject({ status: 404 });
  });
});
