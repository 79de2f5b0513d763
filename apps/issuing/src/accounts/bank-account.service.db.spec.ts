// The user's own bank account against the real Postgres and the Stripe sandbox, through the real SDK.
import { randomUUID } from 'node:crypto';

import {
  BANK_DETAILS_MISMATCH,
  BankAccountDetails,
  BankAccountRequest,
  EmailQueue,
  type IssuingCaller,
  NotificationQueue,
  PaymentsPaymentAccountsQueue,
} from '@kitty/contracts';
import { createStripeClient, type LivePublisher, ProblemError } from '@kitty/nest-common';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@kitty/testing';

// eslint-disable-next-line @nx/enforce-module-boundaries -- the sandbox is Stripe's test double, used only in tests
import { startTestSandbox, type TestSandbox } from '../../../../infra/stripe-sandbox/src/testing/harness';
import { VirtualCardRepository } from '../cards/virtual-card.repository';
import { loadDatabaseConfig } from '../config';
import { PrismaService } from '../prisma.service';
import { announcedAccount, idleRelay, refuseAnnouncements } from '../testing/announcements';
import { BankAccountService } from './bank-account.service';
import { OnboardingService } from './onboarding.service';
import { PaymentAccountRepository } from './payment-account.repository';
import { StripeAccounts } from './stripe-accounts';

/** VocaLink's published example of a valid pair, and one that fails the modulus check. */
const VALID = BankAccountDetails.parse({
  sortCode: '20-00-00',
  accountNumber: '5577 9911',
  accountHolderName: 'Ada Lovelace',
});
const MISMATCH = { ...VALID, accountNumber: '12345678' };

describe('BankAccountService (PostgreSQL + Stripe sandbox)', () => {
  let database: ThrowawayDatabase;
  let prisma: PrismaService;
  let t: TestSandbox;
  let bankAccounts: BankAccountService;
  let onboarding: OnboardingService;

  beforeAll(async () => {
    database = createThrowawayDatabase('issuing', loadDatabaseConfig().DATABASE_URL);
    prisma = new PrismaService({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: 10 });
    t = await startTestSandbox();
    const stripe = createStripeClient({
      STRIPE_SECRET_KEY: 'sk_test_issuing',
      STRIPE_API_URL: t.sandbox.url,
    });
    const accounts = new PaymentAccountRepository(prisma, idleRelay);
    const stripeAccounts = new StripeAccounts(stripe, { PAYOUT_BANK_ACCOUNT_TOKEN: 'btok_gb' });
    // Bank accounts tell no open tab anything through onboarding's live notices.
    const noLive = { publish: () => Promise.resolve() } as unknown as LivePublisher;
    onboarding = new OnboardingService(accounts, new VirtualCardRepository(prisma), stripeAccounts, noLive);
    bankAccounts = new BankAccountService(accounts, onboarding, stripeAccounts, {
      BANK_ACCOUNT_COOLING_OFF_HOURS: 24,
    });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await prisma?.$disconnect();
    await database?.drop();
  });

  const newCaller = (): IssuingCaller => ({ userId: randomUUID(), email: 'ada@example.com', name: 'Ada' });
  const sandboxAccountOf = (userId: string) =>
    t.sandbox.accounts.accounts.all().find((account) => account.metadata?.['userId'] === userId);

  it('accepts 12-34-56 and spaces in the shape check, and refuses other lengths', () => {
    expect(VALID).toMatchObject({ sortCode: '200000', accountNumber: '55779911' });
    expect(BankAccountRequest.safeParse({ ...VALID, sortCode: '20-00-0' }).success).toBe(false);
    expect(BankAccountRequest.safeParse({ ...VALID, accountNumber: '5577991' }).success).toBe(false);
    expect(BankAccountRequest.safeParse({ ...VALID, extra: 1 }).success).toBe(false);
  });

  it('refuses a sort code or account number of zeros in the shape check (the modulus rules pass them), and wants the password', () => {
    const problems = BankAccountRequest.safeParse({
      ...VALID,
      sortCode: '00-00-00',
      accountNumber: '00000000',
      password: 'x',
    });
    expect(problems.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'sortCode',
      'accountNumber',
    ]);
    expect(BankAccountRequest.safeParse(VALID).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'password',
    ]);
  });

  it('has none at first', async () => {
    await expect(bankAccounts.current(newCaller())).resolves.toEqual({ bankAccount: null });
  });

  it('refuses details that fail the modulus check, before anything reaches Stripe', async () => {
    const caller = newCaller();
    const error = await bankAccounts.set(caller, MISMATCH).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).problem).toMatchObject({ status: 400, detail: BANK_DETAILS_MISMATCH });
    expect(sandboxAccountOf(caller.userId)).toBeUndefined();
  });

  it('attaches the bank account as the default, keeps only sort code and last4, and makes it the payout destination', async () => {
    const caller = newCaller();
    const status = await bankAccounts.set(caller, VALID);
    expect(status).toEqual({
      bankAccount: {
        sortCode: '20-00-00',
        last4: '9911',
        bankName: null,
        accountHolderName: 'Ada Lovelace',
        addedAt: expect.any(String),
        payoutsAvailableFrom: null,
      },
    });
    const account = sandboxAccountOf(caller.userId);
    // The placeholder test bank account is gone: only the user's own receives payouts.
    expect(account?.external_accounts.data.map((bank) => [bank.last4, bank.default_for_currency])).toEqual([
      ['9911', true],
    ]);
    await expect(announcedAccount(prisma, caller.userId)).resolves.toMatchObject({
      payoutDestination: account?.external_accounts.data[0]?.id,
      payoutAccountLabel: 'Bank account •••• 9911',
    });

    const [row] = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT * FROM payment_accounts WHERE user_id = $1::uuid`,
      caller.userId,
    );
    expect(
      Object.values(row ?? {})
        .map(String)
        .join(' '),
    ).not.toContain('55779911');
    expect(row).toMatchObject({ bank_sort_code: '200000', bank_last4: '9911' });
  });

  it('gives the same bank account when the same request is retried, and replaces it with a new one', async () => {
    const caller = newCaller();
    const [first, second] = await Promise.all([
      bankAccounts.set(caller, VALID),
      bankAccounts.set(caller, VALID),
    ]);
    expect(second.bankAccount?.last4).toBe(first.bankAccount?.last4);
    expect(sandboxAccountOf(caller.userId)?.external_accounts.data).toHaveLength(1);

    const other = BankAccountDetails.parse({ ...VALID, sortCode: '089999', accountNumber: '66374958' });
    await bankAccounts.set(caller, other);
    const banks = sandboxAccountOf(caller.userId)?.external_accounts.data ?? [];
    expect(banks.map((bank) => bank.last4)).toEqual(['4958']);
    expect((await announcedAccount(prisma, caller.userId))?.payoutDestination).toBe(banks[0]?.id);
  });

  const noticesTo = async (userId: string) => {
    const rows = await prisma.outboxMessage.findMany({ orderBy: [{ createdAt: 'asc' }, { queue: 'asc' }] });
    return rows
      .map((row) => ({ queue: row.queue, payload: row.payload as Record<string, unknown> }))
      .filter(({ queue }) => queue !== PaymentsPaymentAccountsQueue.name)
      .filter(({ payload }) => payload['userId'] === userId || payload['to'] === `${userId}@example.com`);
  };

  it('tells the owner of a first bank account by e-mail and in the app, and lets withdrawals start at once', async () => {
    const caller = { ...newCaller(), name: 'Ada Lovelace' };
    caller.email = `${caller.userId}@example.com`;
    await Promise.all([bankAccounts.set(caller, VALID), bankAccounts.set(caller, VALID)]);
    expect((await announcedAccount(prisma, caller.userId))?.payoutsAvailableFrom).toBeNull();
    // The retry is the same account: told once.
    expect(await noticesTo(caller.userId)).toEqual([
      {
        queue: EmailQueue.name,
        payload: expect.objectContaining({
          template: 'bank-account-changed',
          to: caller.email,
          data: {
            fullName: 'Ada Lovelace',
            accountLabel: 'Bank account •••• 9911',
            replaced: false,
            payoutsAvailableFrom: null,
          },
        }),
      },
      {
        queue: NotificationQueue.name,
        payload: expect.objectContaining({
          userId: caller.userId,
          kind: 'bank_account_changed',
          title: 'Bank account •••• 9911 added for withdrawals',
          link: '/account#bank-account',
        }),
      },
    ]);
  });

  it('makes withdrawals to a bank account that replaced another wait 24 hours, and says until when', async () => {
    const caller = newCaller();
    caller.email = `${caller.userId}@example.com`;
    await bankAccounts.set(caller, VALID);
    const before = Date.now();
    const other = BankAccountDetails.parse({ ...VALID, sortCode: '089999', accountNumber: '66374958' });
    const status = await bankAccounts.set(caller, other);
    const from = Date.parse(status.bankAccount?.payoutsAvailableFrom ?? '');
    expect(from - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(from - before).toBeLessThan(24 * 3600_000 + 60_000);
    expect((await announcedAccount(prisma, caller.userId))?.payoutsAvailableFrom).toBe(
      status.bankAccount?.payoutsAvailableFrom,
    );
    const notices = await noticesTo(caller.userId);
    expect(notices).toHaveLength(4);
    expect(notices[2]?.payload).toMatchObject({
      template: 'bank-account-changed',
      data: { replaced: true, payoutsAvailableFrom: status.bankAccount?.payoutsAvailableFrom },
    });
    expect(notices[3]?.payload).toMatchObject({
      title: 'Your bank account for withdrawals was changed to •••• 4958',
      body: expect.stringContaining('Withdrawals to •••• 4958 are available from '),
    });

    // The same account sent again neither ends nor restarts the wait.
    const again = await bankAccounts.set(caller, other);
    expect(again.bankAccount?.payoutsAvailableFrom).toBe(status.bankAccount?.payoutsAvailableFrom);
    expect(await noticesTo(caller.userId)).toHaveLength(4);
  });

  it('tells payments of a new payout destination only with its wait, in the transaction that changes it', async () => {
    const caller = newCaller();
    caller.email = `${caller.userId}@example.com`;
    await bankAccounts.set(caller, VALID);
    const first = await announcedAccount(prisma, caller.userId);
    const other = BankAccountDetails.parse({ ...VALID, sortCode: '089999', accountNumber: '66374958' });

    // The announcement cannot be written: the bank account does not change, and nobody is told.
    const allowAnnouncements = await refuseAnnouncements(prisma);
    try {
      await expect(bankAccounts.set(caller, other)).rejects.toThrow('announcement refused');
    } finally {
      await allowAnnouncements();
    }
    await expect(bankAccounts.current(caller)).resolves.toMatchObject({ bankAccount: { last4: '9911' } });
    await expect(announcedAccount(prisma, caller.userId)).resolves.toEqual(first);
    expect(await noticesTo(caller.userId)).toHaveLength(2);

    const status = await bankAccounts.set(caller, other);
    const banks = sandboxAccountOf(caller.userId)?.external_accounts.data ?? [];
    await expect(announcedAccount(prisma, caller.userId)).resolves.toEqual({
      ...first,
      version: (first?.version ?? 0) + 1,
      payoutDestination: banks[0]?.id,
      payoutAccountLabel: 'Bank account •••• 4958',
      payoutsAvailableFrom: status.bankAccount?.payoutsAvailableFrom,
    });
    expect(status.bankAccount?.payoutsAvailableFrom).toEqual(expect.any(String));
  });

  it('keeps the bank account when the payment account is recreated with card issuing, once its number is typed again', async () => {
    const caller = newCaller();
    caller.email = `${caller.userId}@example.com`;
    const saved = await bankAccounts.set(caller, VALID);
    const previousAccount = sandboxAccountOf(caller.userId)?.id;
    const noticesBefore = await noticesTo(caller.userId);
    const problemOf = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error as ProblemError).problem,
      );

    // Only the last four digits are kept: the number is asked for, and one that is not it is refused.
    await expect(problemOf(onboarding.recreateAccount(caller))).resolves.toMatchObject({
      status: 400,
      errors: [{ field: 'accountNumber', message: expect.stringContaining('•••• 9911') }],
    });
    await expect(
      problemOf(onboarding.recreateAccount(caller, { accountNumber: '12349911' })),
    ).resolves.toMatchObject({ status: 400, errors: [{ field: 'accountNumber' }] });
    expect((await onboarding.status(caller)).account?.id).toBe(previousAccount);

    const recreated = await onboarding.recreateAccount(caller, { accountNumber: VALID.accountNumber });
    expect(recreated.account?.id).not.toBe(previousAccount);
    expect(recreated.account?.payoutAccountLabel).toBe('Bank account •••• 9911');
    await expect(bankAccounts.current(caller)).resolves.toEqual(saved);
    const newAccount = t.sandbox.accounts.accounts.get(recreated.account?.id ?? '');
    expect(newAccount?.external_accounts.data.map((bank) => bank.last4)).toEqual(['9911']);
    await expect(announcedAccount(prisma, caller.userId)).resolves.toMatchObject({
      accountId: recreated.account?.id,
      payoutDestination: newAccount?.external_accounts.data[0]?.id,
      payoutsAvailableFrom: null,
    });
    // The same bank account: no 'changed' notice, no cooling-off.
    expect(await noticesTo(caller.userId)).toEqual(noticesBefore);
  });
});
