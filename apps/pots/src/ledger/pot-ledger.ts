import {
  type LedgerReceipt,
  PaymentsRpc,
  ProblemCodes,
  type ReverseTransactionCommand,
  type SpendFromPotCommand,
  type TransferBetweenWalletsCommand,
} from '@kitty/contracts';
import { hasProblemCode, isUniqueViolation, ProblemError, RpcClient, shortenText } from '@kitty/nest-common';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

import { POTS_SCHEMA, PrismaService, type Tx } from '../prisma.service';

export const expenseLedgerKey = (expenseId: string) => `expense:${expenseId}`;
export const settlementLedgerKey = (settlementId: string) => `settlement:${settlementId}`;

/**
 * How long a posting whose local record never committed is left alone before the sweep reverses it: far
 * longer than an RPC can still be in flight (RPC_TIMEOUT_MS), so a late posting is caught as well.
 */
export const COMPENSATION_GRACE_MS = 5 * 60_000;
const SWEEP_INTERVAL_MS = 30_000;
const REVERSAL_RETRY_MS = 60_000;
const SWEEP_BATCH = 50;
/**
 * A sweep claims the rows it takes for this long (their due time moves past it), so other replicas'
 * sweeps leave them alone; a replica that dies mid-sweep leaves them due again once it is over. Longer
 * than a batch of reversals takes (each an RPC with its deadline), the same as a failed reversal's wait.
 */
const SWEEP_LEASE_MS = REVERSAL_RETRY_MS;
const COMPENSATIONS_TABLE = `"${POTS_SCHEMA}"."ledger_compensations"`;
/** The ledger commands' limit for descriptions and reasons. */
const LEDGER_TEXT_MAX = 200;

/** Names and descriptions come from users: shorten them rather than have the ledger refuse the command. */
export function ledgerText(text: string): string {
  return shortenText(text, LEDGER_TEXT_MAX);
}

/**
 * The pots side of the payments ledger (the authority for pot and wallet money). A command that moves money
 * and then records what it paid for locally goes through `postThenRecord`, which guarantees that the money
 * never stays moved without the record: see docs/adr/0007-pot-money-from-the-ledger.md.
 */
@Injectable()
export class PotLedger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PotLedger.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly rpc: RpcClient,
    private readonly prisma: PrismaService,
  ) {}

  spendFromPot(command: SpendFromPotCommand): Promise<LedgerReceipt> {
    const body: SpendFromPotCommand = { ...command, description: ledgerText(command.description) };
    return this.rpc
      .call(PaymentsRpc.spendFromPot, body)
      .catch(shortfall('Insufficient funds', 'The amount exceeds the available balance.'));
  }

  transferBetweenWallets(command: TransferBetweenWalletsCommand): Promise<LedgerReceipt> {
    const body: TransferBetweenWalletsCommand = { ...command, description: ledgerText(command.description) };
    return this.rpc
      .call(PaymentsRpc.transferBetweenWallets, body)
      .catch(shortfall('Insufficient Funds', 'Your Kitty wallet does not cover this payment.'));
  }

  /**
   * Posts with `post` (whose idempotency key is `ledgerKey`), then records locally with `record`, which must
   * call `settled(tx, ledgerKey)` inside its transaction. A compensation row written first outlives a crash
   * between the two; a record that fails reverses the posting at once.
   */
  async postThenRecord<T>(
    ledgerKey: string,
    reason: string,
    post: () => Promise<LedgerReceipt>,
    record: (receipt: LedgerReceipt) => Promise<T>,
  ): Promise<T> {
    try {
      await this.prisma.ledgerCompensation.create({
        data: { ledgerKey, reason, dueAt: new Date(Date.now() + COMPENSATION_GRACE_MS) },
      });
    } catch (error) {
      // The same command is already being posted (a repeat delivered while the first runs, or whose first
      // attempt awaits its compensation): never post it twice at once.
      if (isUniqueViolation(error))
        throw ProblemError.of(
          409,
          'Request in progress',
          'This payment is still being processed. Please retry shortly.',
        );
      throw error;
    }
    let receipt: LedgerReceipt;
    try {
      receipt = await post();
    } catch (error) {
      // A problem reply (insufficient funds, forbidden…) is the ledger's answer: nothing was posted. A
      // timeout or an outage may hide a posting, so the row stays for the sweep.
      if (error instanceof ProblemError && error.problem.status < 500) {
        await this.prisma.ledgerCompensation.deleteMany({ where: { ledgerKey } });
      }
      throw error;
    }
    try {
      return await record(receipt);
    } catch (error) {
      await this.reverse(ledgerKey, reason);
      throw error;
    }
  }

  /** Inside the transaction that recorded what `ledgerKey` paid for: the posting stands. */
  async settled(tx: Tx, ledgerKey: string): Promise<void> {
    await tx.ledgerCompensation.delete({ where: { ledgerKey } });
  }

  /**
   * Inside the transaction that undoes what `ledgerKey` paid for: the posting must be reversed. Due at
   * once; `reverse` after the commit normally does it, the sweep otherwise.
   */
  async reversalDue(tx: Tx, ledgerKey: string, reason: string): Promise<void> {
    await tx.ledgerCompensation.upsert({
      where: { ledgerKey },
      create: { ledgerKey, reason, dueAt: new Date() },
      update: { dueAt: new Date() },
    });
  }

  /**
   * Reverses the posting now. The ledger answers 404 for a key it never posted: nothing to undo. Any other
   * failure keeps the row, due again a minute later, for the sweep (and an operator, if it never succeeds).
   */
  async reverse(ledgerKey: string, reason: string): Promise<void> {
    try {
      const command: ReverseTransactionCommand = { idempotencyKey: ledgerKey, reason: ledgerText(reason) };
      await this.rpc.call(PaymentsRpc.reverseTransaction, command).catch(neverPosted);
      await this.prisma.ledgerCompensation.deleteMany({ where: { ledgerKey } });
    } catch (error) {
      this.logger.warn(`Reversal of ${ledgerKey} failed, left to the sweep: ${String(error)}`);
      await this.prisma.ledgerCompensation.updateMany({
        where: { ledgerKey },
        data: { dueAt: new Date(Date.now() + REVERSAL_RETRY_MS) },
      });
    }
  }

  /**
   * Reverses every posting whose compensation is due. Every replica sweeps: each claims its rows in one
   * statement (SKIP LOCKED, due time pushed past a lease), so sweeps running at once take different rows
   * and each posting is reversed once. Should two reversals of a key still meet (a lease outlived, or the
   * request's own `reverse` beside the sweep), the ledger's reversal is idempotent: it replays.
   */
  async sweep(now = new Date()): Promise<number> {
    const leaseEnd = new Date(now.getTime() + SWEEP_LEASE_MS);
    const due = await this.prisma.$queryRawUnsafe<{ ledger_key: string; reason: string }[]>(
      `UPDATE ${COMPENSATIONS_TABLE} SET due_at = $2
        WHERE ledger_key IN (SELECT ledger_key FROM ${COMPENSATIONS_TABLE} WHERE due_at <= $1
                              ORDER BY due_at LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING ledger_key, reason`,
      now,
      leaseEnd,
    );
    for (const row of due) await this.reverse(row.ledger_key, row.reason);
    return due.length;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.logger.error(`Ledger sweep failed: ${String(error)}`));
    }, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}

function neverPosted(error: unknown): null {
  if (error instanceof ProblemError && error.problem.status === 404) return null;
  throw error;
}

/** The ledger's shortfall in the spec's words for this action (title and detail as the web shows them). */
function shortfall(title: string, detail: string) {
  return (error: unknown): never => {
    if (hasProblemCode(error, ProblemCodes.insufficientFunds))
      throw ProblemError.coded(ProblemCodes.insufficientFunds, 400, title, detail);
    throw error;
  };
}
