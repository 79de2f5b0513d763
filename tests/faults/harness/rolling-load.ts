// Open-loop user load for the rolling restart: operations start at a fixed offered rate whatever the
// stack's answers (users do not wait for each other), mixed between expenses paid from pots, top-ups paid
// on the sandbox's pay page, and card purchases through Stripe's issuing test helper. Money commands are
// sent as the SPA sends them (spa-client.ts); every acknowledged command is recorded so the ledger can be
// compared with it afterwards. Import only once the fault stack's settings are in process.env.
import { randomUUID } from 'node:crypto';

import type { Pool } from 'pg';

import { payOnSandbox, topUp } from '../../support/payments';
import { bearer } from '../../support/pots';
import type { Random } from './random';
import { sendAsSpa, type SpaOutcome } from './spa-client';
import type { PotState, Workload } from './workload';

export type LoadKind = 'expense' | 'topUp' | 'cardPayment';
const MIX: Record<LoadKind, number> = { expense: 1, topUp: 1, cardPayment: 1 };
export const EXPENSE_DESCRIPTION = 'Rolling restart expense';

export interface KindFigures {
  /** Answered on the first try. */
  ok: number;
  /** Answered after the SPA's retries with the same key. */
  retriedOk: number;
  /** A final business answer (4xx such as not enough money in the pot, a declined card): not a failure. */
  refused: number;
  /** No usable answer even after the SPA's retries, or Stripe got no decision from Kitty in time. */
  failed: number;
}

export interface LoadFigures {
  started: number;
  elapsedMs: number;
  byKind: Record<LoadKind, KindFigures>;
  latenciesMs: number[];
  mostInFlight: number;
  errorSamples: string[];
}

/** What the stack acknowledged, for the accounting afterwards. */
export interface Acknowledged {
  /** Expense ids answered 201, per pot. */
  expenses: Map<string, string[]>;
  /** Expense commands with no final answer (they may or may not have been applied), per pot. */
  unknownExpenses: Map<string, number>;
  /** Checkout Sessions answered 201 and paid on the pay page. */
  paidSessions: string[];
  /** Checkout creations with no final answer, per payer. */
  unknownTopUps: Map<string, number>;
  /** Users who asked for top-ups in this load. */
  payers: Set<string>;
}

const figures = (): KindFigures => ({ ok: 0, retriedOk: 0, refused: 0, failed: 0 });

export class RollingLoad {
  readonly figures: LoadFigures = {
    started: 0,
    elapsedMs: 0,
    byKind: { expense: figures(), topUp: figures(), cardPayment: figures() },
    latenciesMs: [],
    mostInFlight: 0,
    errorSamples: [],
  };
  readonly acknowledged: Acknowledged = {
    expenses: new Map(),
    unknownExpenses: new Map(),
    paidSessions: [],
    unknownTopUps: new Map(),
    payers: new Set(),
  };
  private readonly inFlight = new Set<Promise<void>>();
  /** Purchases Kitty's webhook declined: a refusal only if issuing decided so (see settleCardDeclines). */
  private readonly declinedCards: string[] = [];

  constructor(
    private readonly workload: Workload,
    private readonly random: Random,
  ) {}

  /** Verified users with pots, each pot funded and each owner's card issued, before the load starts. */
  static async prepare(workload: Workload, random: Random, users: number, fundPence: number): Promise<void> {
    await workload.populate(random, users);
    await Promise.all(
      workload.pots.map(async (pot) => {
        await topUp(pot.owner.user.session.accessToken, fundPence, { type: 'pot', potId: pot.id });
        await workload.cardOf(pot.owner.user);
      }),
    );
  }

  /** Starts operations at `rate` per second until `stopped()` is true; then waits for those in flight. */
  async run(rate: number, stopped: () => boolean): Promise<void> {
    const intervalMs = 1000 / rate;
    const began = Date.now();
    let next = began;
    while (!stopped()) {
      const kind = this.random.weighted(MIX);
      const operation = this.perform(kind).finally(() => this.inFlight.delete(operation));
      this.inFlight.add(operation);
      this.figures.started += 1;
      this.figures.mostInFlight = Math.max(this.figures.mostInFlight, this.inFlight.size);
      next += intervalMs;
      const wait = next - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    this.figures.elapsedMs = Date.now() - began;
    await Promise.allSettled([...this.inFlight]);
  }

  private async perform(kind: LoadKind): Promise<void> {
    const began = Date.now();
    const counts = this.figures.byKind[kind];
    try {
      const result = await (kind === 'expense'
        ? this.expense(this.random.pick(this.workload.pots))
        : kind === 'topUp'
          ? this.topUp(this.random.pick(this.workload.pots))
          : this.cardPayment(this.random.pick(this.workload.pots)));
      counts[result] += 1;
      this.figures.latenciesMs.push(Date.now() - began);
    } catch (error) {
      counts.failed += 1;
      this.sample(`${kind}: ${(error as Error).message}`);
    }
  }

  private async expense(pot: PotState): Promise<keyof KindFigures> {
    const outcome = await sendAsSpa<{ id: string }>(`/api/pots/${pot.id}/expenses`, {
      body: {
        description: EXPENSE_DESCRIPTION,
        amountPence: this.random.int(1, 500),
        paidFrom: 'pot',
        split: {
          mode: 'equal',
          members: [{ memberId: pot.owner.memberId }, { memberId: pot.other.memberId }],
        },
      },
      headers: this.headers(this.random.pick([pot.owner, pot.other]).user.session.accessToken),
    });
    const result = this.classify('expense', outcome);
    if (result === 'failed') increment(this.acknowledged.unknownExpenses, pot.id);
    else if (outcome.response?.status === 201) {
      const ids = this.acknowledged.expenses.get(pot.id) ?? [];
      ids.push(outcome.response.body.id);
      this.acknowledged.expenses.set(pot.id, ids);
    }
    return result;
  }

  private async topUp(pot: PotState): Promise<keyof KindFigures> {
    const payer = this.random.pick([pot.owner, pot.other]).user;
    const userId = payer.session.user.id;
    this.acknowledged.payers.add(userId);
    const outcome = await sendAsSpa<{ sessionId: string }>('/api/funding/checkout-sessions', {
      body: {
        amountPence: this.random.int(500, 5_000),
        destination: { type: 'pot', potId: pot.id },
        method: 'card',
      },
      headers: this.headers(payer.session.accessToken),
    });
    const result = this.classify('topUp', outcome);
    if (result === 'failed') increment(this.acknowledged.unknownTopUps, userId);
    if (outcome.response?.status !== 201) return result;
    const { sessionId } = outcome.response.body;
    this.workload.sessions.add(sessionId);
    // The payer's browser on Stripe's page; Stripe then delivers the webhook (and retries it) to Kitty.
    const paid = await payOnSandbox(sessionId);
    if (paid.status >= 400) throw new Error(`pay page: ${paid.status}`);
    this.acknowledged.paidSessions.push(sessionId);
    return result;
  }

  /** Stripe asks Kitty synchronously; no answer in time is a decline the cardholder sees: a failure. */
  private async cardPayment(pot: PotState): Promise<keyof KindFigures> {
    const authorization = await this.workload.authorizeCard(pot.owner.user, this.random.int(1, 500));
    if (authorization.approved) return 'ok';
    if (authorization.reason === 'webhook_declined') {
      this.declinedCards.push(authorization.id);
      return 'refused';
    }
    this.sample(`cardPayment: declined, ${authorization.reason}`);
    return 'failed';
  }

  /**
   * The gateway also answers Stripe "declined" when issuing gave no decision within its budget: that is a
   * purchase the cardholder saw fail because of Kitty, not a refusal. Only a decline issuing itself made
   * (its row says declined) stays a refusal; the others are counted as failures.
   */
  async settleCardDeclines(db: Pool): Promise<void> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT stripe_authorization_id AS id FROM issuing.card_authorizations
        WHERE stripe_authorization_id = ANY($1) AND decision = 'declined'`,
      [this.declinedCards],
    );
    const refusedByIssuing = new Set(rows.map((row) => row.id));
    const unanswered = this.declinedCards.filter((id) => !refusedByIssuing.has(id)).length;
    const counts = this.figures.byKind.cardPayment;
    counts.refused -= unanswered;
    counts.failed += unanswered;
    if (unanswered > 0) this.sample(`cardPayment: ${unanswered} declined without issuing's decision in time`);
  }

  private headers(accessToken: string): Record<string, string> {
    return { ...bearer(accessToken), 'idempotency-key': randomUUID() };
  }

  private classify(kind: LoadKind, outcome: SpaOutcome<unknown>): keyof KindFigures {
    const status = outcome.response?.status;
    if (status !== undefined && status < 300) return outcome.tries > 1 ? 'retriedOk' : 'ok';
    // A 4xx other than 409 is the server's final word on the command (e.g. the pot has not enough money).
    if (status !== undefined && status >= 400 && status < 500 && status !== 409) return 'refused';
    this.sample(
      `${kind}: ${status ?? outcome.error} after ${outcome.tries} tries${status ? ` ${JSON.stringify(outcome.response?.body).slice(0, 160)}` : ''}`,
    );
    return 'failed';
  }

  private sample(message: string): void {
    if (this.figures.errorSamples.length < 8 && !this.figures.errorSamples.includes(message))
      this.figures.errorSamples.push(message);
  }
}

function increment(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export interface Accounting {
  /** Acknowledged commands the ledger does not show (or a card approval that holds nothing). */
  lost: string[];
  /** Commands applied more than once, rows no acknowledged command explains, holds of declined cards. */
  doubled: string[];
  /** Acknowledged commands whose effect was looked for. */
  checked: number;
}

/**
 * Every acknowledged money command applied exactly once: each expense answered 201 is one row and one
 * ledger transaction (`expense:<id>`), each paid Checkout Session one credit (`topup:<session>`), each
 * approved card purchase one hold (`card-hold:<authorisation>`); rows beyond the acknowledged commands
 * (and those without a final answer, which may or may not have run) are doubles.
 */
export async function accountFor(
  db: Pool,
  load: RollingLoad,
  workload: Workload,
  loadStarted: Date,
): Promise<Accounting> {
  const { acknowledged } = load;
  const lost: string[] = [];
  const doubled: string[] = [];
  let checked = 0;

  const expenses = await db.query<{ pot: string; id: string; posted: number }>(
    `SELECT e.pot_id::text AS pot, e.id::text AS id,
            (SELECT COUNT(*)::int FROM payments.ledger_transactions t
              WHERE t.idempotency_key = 'expense:' || e.id) AS posted
       FROM pots.expenses e WHERE e.description = $1`,
    [EXPENSE_DESCRIPTION],
  );
  const expenseRows = new Map(expenses.rows.map((row) => [row.id, row]));
  const rowsPerPot = new Map<string, number>();
  for (const row of expenses.rows) increment(rowsPerPot, row.pot);
  for (const [pot, ids] of acknowledged.expenses) {
    checked += ids.length;
    for (const id of ids) {
      const row = expenseRows.get(id);
      if (!row || row.posted === 0) lost.push(`expense ${id}: ${row ? 'not in the ledger' : 'no row'}`);
      else if (row.posted > 1) doubled.push(`expense ${id}: ${row.posted} ledger transactions`);
    }
    const extra = (rowsPerPot.get(pot) ?? 0) - ids.length - (acknowledged.unknownExpenses.get(pot) ?? 0);
    if (extra > 0) doubled.push(`pot ${pot}: ${extra} expense rows no command explains`);
  }

  const fundings = await db.query<{ session: string; credits: number }>(
    `SELECT f.session_id AS session,
            (SELECT COUNT(*)::int FROM payments.ledger_transactions t
              WHERE t.idempotency_key = 'topup:' || f.session_id) AS credits
       FROM payments.funding_transactions f
      WHERE f.user_id::text = ANY($1) AND f.created_at >= $2 AND f.session_id IS NOT NULL`,
    [[...acknowledged.payers], loadStarted],
  );
  const credits = new Map(fundings.rows.map((row) => [row.session, row.credits]));
  checked += acknowledged.paidSessions.length;
  for (const session of acknowledged.paidSessions) {
    const count = credits.get(session) ?? 0;
    if (count === 0) lost.push(`top-up ${session}: paid, not credited`);
    if (count > 1) doubled.push(`top-up ${session}: credited ${count} times`);
  }
  const unknownTopUps = [...acknowledged.unknownTopUps.values()].reduce((a, b) => a + b, 0);
  const unexplained = fundings.rows.filter((row) => !workload.sessions.has(row.session)).length;
  if (unexplained > unknownTopUps)
    doubled.push(`${unexplained - unknownTopUps} Checkout Sessions no acknowledged command explains`);

  const holds = await db.query<{ key: string; holds: number }>(
    `SELECT t.idempotency_key AS key, COUNT(*)::int AS holds
       FROM payments.ledger_transactions t
      WHERE t.idempotency_key = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM payments.ledger_transactions r WHERE r.reverses_id = t.id)
      GROUP BY 1`,
    [workload.authorizations.map((a) => `card-hold:${a.id}`)],
  );
  const held = new Map(holds.rows.map((row) => [row.key, row.holds]));
  for (const authorization of workload.authorizations) {
    const count = held.get(`card-hold:${authorization.id}`) ?? 0;
    if (authorization.approved) {
      checked += 1;
      if (count === 0) lost.push(`card ${authorization.id}: approved, nothing held`);
    }
    if (count > (authorization.approved ? 1 : 0))
      doubled.push(
        `card ${authorization.id}: ${authorization.approved ? 'approved' : 'declined'}, ${count} holds`,
      );
  }
  return { lost, doubled, checked };
}
