// Closing a wallet as its owner deletes their account, against the real Postgres: the closing and every
// credit to the wallet are ordered by the wallet's balance row, so money never lands in a closed wallet.
import { randomUUID } from 'node:crypto';

import { ProblemError } from '@kitty/nest-common';

import { PlatformAccount, walletAccount } from '../ledger/accounts';
import { ClosedAccountError, LedgerService } from '../ledger/ledger.service';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { WalletClosingRepository } from './wallet-closing.repository';
import { WalletClosingService } from './wallet-closing.service';

describe('WalletClosingService (PostgreSQL)', () => {
  let database: PaymentsDatabase;
  let closing: WalletClosingService;
  const ledger = new LedgerService();

  beforeAll(() => {
    database = openPaymentsDatabase();
    closing = new WalletClosingService(database.prisma, new WalletClosingRepository());
  }, 60_000);

  afterAll(() => database?.close());

  const credit = (userId: string, pence: number) =>
    database.prisma.$transaction((tx) =>
      ledger.post(tx, {
        idempotencyKey: `transfer:${randomUUID()}`,
        kind: 'transfer',
        description: 'Settle up',
        userId: null,
        postings: [
          { accountId: PlatformAccount.stripeClearing, amountPence: -BigInt(pence) },
          { accountId: walletAccount(userId), amountPence: BigInt(pence) },
        ],
      }),
    );
  const balanceOf = (userId: string) => ledger.balance(database.prisma, walletAccount(userId));

  it('closes an empty wallet (one that never moved too), and a closed wallet takes no credit', async () => {
    const userId = randomUUID();
    await closing.close({ userId });
    await closing.close({ userId });
    await expect(credit(userId, 100)).rejects.toBeInstanceOf(ClosedAccountError);
    expect(await balanceOf(userId)).toBe(0n);
  }, 30_000);

  it('refuses a wallet with money, saying how much to withdraw first', async () => {
    const userId = randomUUID();
    await credit(userId, 1_000);
    const refused = await closing.close({ userId }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProblemError);
    expect((refused as ProblemError).problem).toMatchObject({
      status: 409,
      detail:
        'Your account can be deleted once no money is left in it: your Kitty wallet still holds £10.00: withdraw it first.',
    });
    // Refused, the wallet stays open.
    await credit(userId, 1);
  }, 30_000);

  it('racing 12 credits, either the credits land and the closing is refused, or they are refused: nothing is stranded', async () => {
    for (let race = 0; race < 5; race += 1) {
      const userId = randomUUID();
      const credits = Array.from({ length: 12 }, () => credit(userId, 100));
      const [closed, ...credited] = await Promise.allSettled([closing.close({ userId }), ...credits]);
      const landed = credited.filter(({ status }) => status === 'fulfilled').length;
      for (const result of credited)
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ClosedAccountError);
      expect(await balanceOf(userId)).toBe(BigInt(landed * 100));
      if (closed.status === 'fulfilled') expect(landed).toBe(0);
    }
  }, 60_000);
});
