// The workload the faults hit: sign-ups, verification, top-ups paid on the sandbox's pay page, expenses
// paid from pots, wallet-to-wallet settle-ups (payWithKitty), withdrawals, and Stripe webhooks delivered
// again by us (duplicated, delayed, out of order, properly signed). Errors are expected while processes
// die; what counts is recorded for the checks afterwards. Import this only once GATEWAY_URL and the
// Stripe settings of the fault stack are in process.env (the support helpers read them on import).
import { randomUUID } from 'node:crypto';

import type { Pool } from 'pg';
import Stripe from 'stripe';

import { api, type ApiResponse, signUpUser } from '../../support/api';
import { verifyUser } from '../../support/onboarding';
import { payOnSandbox } from '../../support/payments';
import { bearer, joinPot, type User } from '../../support/pots';
import {
  connectWebhookSecret,
  deliverWebhook,
  sandboxStripe,
  stripeSignature,
  stripeTestSettings,
} from '../../support/stripe';
import type { Random } from './random';

/** What a 5xx body must never contain: stack frames, source paths, module paths. */
const STACK_TRACE = /\n\s+at |\bat [\w$.<>]+ \(|\.(?:ts|js):\d+:\d+|node_modules\//;
/** How often a money command is sent with its key before the workload gives up on it. */
const COMMAND_ATTEMPTS = 4;
const COMMAND_RETRY_MS = 300;

const OPERATIONS = {
  signUp: 3,
  topUpWallet: 5,
  topUpPot: 4,
  potExpense: 4,
  settleUpWithKitty: 4,
  withdraw: 2,
  cardPurchase: 3,
  redeliverWebhooks: 3,
} as const;
export type Operation = keyof typeof OPERATIONS;

interface Member {
  user: User;
  memberId: string;
}
interface Card {
  cardId: string;
  account: string;
}
export interface CardAuthorization {
  id: string;
  approved: boolean;
  amount: number;
}
export interface PotState {
  id: string;
  owner: Member;
  other: Member;
}

export interface WorkloadFigures {
  attempted: Record<Operation, number>;
  succeeded: Record<Operation, number>;
  /** Requests answered 5xx or not answered at all (expected while a process is down). */
  failed: Record<Operation, number>;
  webhookRedeliveries: number;
  serverErrors: number;
  /** Money commands sent again with their Idempotency-Key after a lost answer, a 5xx or a 409. */
  commandRetries: number;
}

/** What one kind of money command was asked for, per owner (user or pot) of the rows it makes. */
export type CommandKind = 'topUp' | 'expense' | 'settlement' | 'withdrawal';

const zero = (): Record<Operation, number> =>
  Object.fromEntries(Object.keys(OPERATIONS).map((key) => [key, 0])) as Record<Operation, number>;

export class Workload {
  readonly figures: WorkloadFigures = {
    attempted: zero(),
    succeeded: zero(),
    failed: zero(),
    webhookRedeliveries: 0,
    serverErrors: 0,
    commandRetries: 0,
  };
  /**
   * Money commands asked for (one Idempotency-Key each, however often sent), by kind and by the user or
   * pot whose rows they make: no kind may end with more rows than that.
   */
  readonly commands: Record<CommandKind, Map<string, number>> = {
    topUp: new Map(),
    expense: new Map(),
    settlement: new Map(),
    withdrawal: new Map(),
  };
  /** Checkout Sessions this workload created, by id. */
  readonly sessions = new Set<string>();
  /** Authorisations the sandbox answered, with Kitty's decision as Stripe recorded it. */
  readonly authorizations: CardAuthorization[] = [];
  private readonly cards = new Map<string, Card>();
  /** A few distinct error messages per operation, for the report. */
  readonly errorSamples: Partial<Record<Operation, string[]>> = {};
  /** 5xx answers whose body showed a stack trace or a source path. */
  readonly leaks: string[] = [];
  private readonly users: User[] = [];
  /** Pots of two verified members each; every second sign-up makes one. */
  readonly pots: PotState[] = [];
  private readonly stripe: Stripe = sandboxStripe();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly gatewayUrl = process.env.GATEWAY_URL ?? '';
  private restoreFetch: (() => void) | null = null;

  /** `db` reads the issued card's Stripe ids, which the API does not show. */
  constructor(private readonly db: Pool) {}

  /** Every answer of the gateway is inspected: a 5xx must be a problem+json without internals. */
  watchServerErrors(): void {
    const original = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const response = await original(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (response.status >= 500 && url.startsWith(this.gatewayUrl)) {
        this.figures.serverErrors += 1;
        const body = await response.clone().text();
        if (STACK_TRACE.test(body)) this.leaks.push(`${response.status} ${url}: ${body.slice(0, 500)}`);
      }
      return response;
    };
    this.restoreFetch = () => {
      globalThis.fetch = original;
    };
  }

  stopWatching(): void {
    this.restoreFetch?.();
  }

  /** Signs up verified users (and their pots) until there are `users` of them. */
  async populate(random: Random, users: number): Promise<void> {
    while (this.users.length < users) await this.signUp(random);
  }

  /** Runs `workers` loops of seeded operations until `deadline` (ms since epoch). */
  async run(randoms: Random[], deadline: number): Promise<void> {
    await Promise.all(randoms.map((random) => this.loop(random, deadline)));
    await Promise.allSettled([...this.pending]);
  }

  private async loop(random: Random, deadline: number): Promise<void> {
    while (Date.now() < deadline) {
      const operation = this.users.length < 4 ? 'signUp' : random.weighted(OPERATIONS);
      this.figures.attempted[operation] += 1;
      try {
        const done = await this.perform(operation, random);
        if (done) this.figures.succeeded[operation] += 1;
      } catch (error) {
        this.figures.failed[operation] += 1;
        const message = error instanceof Error ? error.message : String(error);
        const samples = (this.errorSamples[operation] ??= []);
        if (samples.length < 3 && !samples.includes(message)) samples.push(message.slice(0, 200));
        // A process is down: give it a moment rather than spinning on refused connections.
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  /** true: it went through; false: refused for a business reason (no money yet, 4xx). */
  private async perform(operation: Operation, random: Random): Promise<boolean> {
    switch (operation) {
      case 'signUp':
        return this.signUp(random);
      case 'topUpWallet':
        return this.topUp(random, null);
      case 'topUpPot':
        return this.pots.length > 0 ? this.topUp(random, random.pick(this.pots)) : false;
      case 'potExpense':
        return this.potExpense(random);
      case 'settleUpWithKitty':
        return this.settleUp(random);
      case 'withdraw':
        return this.withdraw(random);
      case 'cardPurchase':
        return this.cardPurchase(random);
      case 'redeliverWebhooks':
        return this.redeliverWebhooks(random);
    }
  }

  /** A verified user; every second one starts a pot with the previous user as its second member. */
  private async signUp(random: Random): Promise<boolean> {
    const user = await signUpUser({ fullName: `Fault ${random.int(1, 1_000_000)}` });
    await verifyUser(user.session.accessToken);
    this.users.push(user);
    if (this.users.length % 2 === 0) {
      const owner = user;
      const other = this.users[this.users.length - 2];
      const created = await api<{ id: string }>('/api/pots', {
        method: 'POST',
        body: { name: `Fault pot ${this.pots.length + 1}` },
        headers: bearer(owner.session.accessToken),
      });
      if (created.status !== 201) throw new Error(`create pot: ${created.status}`);
      await joinPot(created.body.id, owner, other);
      const pot = await api<{ members: { id: string; userId: string }[] }>(`/api/pots/${created.body.id}`, {
        headers: bearer(owner.session.accessToken),
      });
      const memberOf = (u: User) => {
        const member = pot.body.members.find((m) => m.userId === u.session.user.id);
        if (!member) throw new Error('member missing from the pot');
        return { user: u, memberId: member.id };
      };
      this.pots.push({ id: created.body.id, owner: memberOf(owner), other: memberOf(other) });
    }
    return true;
  }

  /** A Checkout Session through the API, paid by card on the sandbox's page (the webhook credits it). */
  private async topUp(random: Random, pot: PotState | null): Promise<boolean> {
    const payer = pot ? random.pick([pot.owner.user, pot.other.user]) : random.pick(this.users);
    const created = await this.command<{ sessionId: string }>(
      'topUp',
      payer.session.user.id,
      '/api/funding/checkout-sessions',
      {
        amountPence: random.int(100, 20_000),
        destination: pot ? { type: 'pot', potId: pot.id } : { type: 'wallet' },
        method: 'card',
      },
      payer,
    );
    if (created.status >= 500) throw new Error(`checkout: ${created.status}`);
    if (created.status !== 201) return false;
    this.sessions.add(created.body.sessionId);
    const paid = await payOnSandbox(created.body.sessionId);
    if (paid.status >= 400) throw new Error(`pay page: ${paid.status}`);
    return true;
  }

  private async potExpense(random: Random): Promise<boolean> {
    if (this.pots.length === 0) return false;
    const pot = random.pick(this.pots);
    const response = await this.command(
      'expense',
      pot.id,
      `/api/pots/${pot.id}/expenses`,
      {
        description: 'Fault suite expense',
        amountPence: random.int(1, 3_000),
        paidFrom: 'pot',
        split: {
          mode: 'equal',
          members: [{ memberId: pot.owner.memberId }, { memberId: pot.other.memberId }],
        },
      },
      random.pick([pot.owner, pot.other]).user,
    );
    return this.outcome('expense', response.status);
  }

  /** The payer's wallet pays the payee's wallet (only the payer may ask). */
  private async settleUp(random: Random): Promise<boolean> {
    if (this.pots.length === 0) return false;
    const pot = random.pick(this.pots);
    const [from, to] = random.next() < 0.5 ? [pot.owner, pot.other] : [pot.other, pot.owner];
    const response = await this.command(
      'settlement',
      pot.id,
      `/api/pots/${pot.id}/settlements`,
      {
        fromMemberId: from.memberId,
        toMemberId: to.memberId,
        amountPence: random.int(1, 2_000),
        payWithKitty: true,
      },
      from.user,
    );
    return this.outcome('settlement', response.status);
  }

  private async withdraw(random: Random): Promise<boolean> {
    const user = random.pick(this.users);
    const response = await this.command(
      'withdrawal',
      user.session.user.id,
      '/api/withdrawals',
      { amountPence: random.int(1, 1_500) },
      user,
    );
    return this.outcome('withdrawal', response.status);
  }

  /**
   * A purchase on a pot owner's card through the sandbox's test helper: Stripe asks our webhook at once
   * and records the answer (approved only if a hold was placed on the active pot).
   */
  private async cardPurchase(random: Random): Promise<boolean> {
    if (this.pots.length === 0) return false;
    const authorization = await this.authorizeCard(random.pick(this.pots).owner.user, random.int(1, 1_500));
    return authorization.approved;
  }

  /**
   * One purchase on the holder's card; recorded for cardInvariants. `reason` is Stripe's for its decision:
   * `webhook_approved` / `webhook_declined` are Kitty's answers, `webhook_timeout` / `webhook_error` mean
   * Kitty gave none in time.
   */
  async authorizeCard(holder: User, amountPence: number): Promise<CardAuthorization & { reason: string }> {
    const card = await this.cardOf(holder);
    const response = await fetch(`${stripeTestSettings().apiUrl}/v1/test_helpers/issuing/authorizations`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_kitty_faults',
        'stripe-account': card.account,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        card: card.cardId,
        amount: String(amountPence),
        currency: 'gbp',
        'merchant_data[name]': 'Fault Mart',
      }),
    });
    const authorization = (await response.json()) as CardAuthorization & {
      request_history: { reason: string }[];
    };
    if (response.status !== 200) throw new Error(`authorization: ${response.status}`);
    const recorded = { id: authorization.id, approved: authorization.approved, amount: authorization.amount };
    this.authorizations.push(recorded);
    return { ...recorded, reason: authorization.request_history[0]?.reason ?? 'unknown' };
  }

  /** The holder's card (issued on first use) with its Stripe ids. */
  async cardOf(user: User): Promise<Card> {
    const known = this.cards.get(user.session.user.id);
    if (known) return known;
    const issued = await api('/api/cards', { method: 'POST', headers: bearer(user.session.accessToken) });
    if (issued.status !== 201 && issued.status !== 200) throw new Error(`card: ${issued.status}`);
    const { rows } = await this.db.query<{ stripe_card_id: string; stripe_account_id: string }>(
      `SELECT stripe_card_id, stripe_account_id FROM issuing.virtual_cards WHERE user_id = $1`,
      [user.session.user.id],
    );
    if (!rows[0]) throw new Error('card row missing');
    const card = { cardId: rows[0].stripe_card_id, account: rows[0].stripe_account_id };
    this.cards.set(user.session.user.id, card);
    return card;
  }

  /**
   * Recent events of the sandbox, delivered again with a valid signature: some at once, some twice, some
   * after a delay, in a shuffled order (a payout.paid before its payout.created, a top-up twice).
   */
  private async redeliverWebhooks(random: Random): Promise<boolean> {
    const { webhookSecret } = stripeTestSettings();
    const recent = await this.stripe.events.list({ limit: 20 });
    if (recent.data.length === 0) return false;
    const chosen = random.shuffle(recent.data).slice(0, random.int(1, 6));
    const batch = chosen.flatMap((event) => (random.next() < 0.3 ? [event, event] : [event]));
    for (const event of batch) {
      const body = JSON.stringify(event, null, 2);
      const delayMs = random.next() < 0.4 ? random.int(500, 8_000) : 0;
      const delivery = new Promise((resolve) => setTimeout(resolve, delayMs))
        // A connected account's event (a payout to a user's bank) is redelivered where Stripe sends it.
        .then(() =>
          event.account
            ? deliverWebhook(body, stripeSignature(connectWebhookSecret(), body), { connect: true })
            : deliverWebhook(body, stripeSignature(webhookSecret, body)),
        )
        .then(() => {
          this.figures.webhookRedeliveries += 1;
        })
        .catch(() => undefined);
      this.pending.add(delivery);
      void delivery.finally(() => this.pending.delete(delivery));
    }
    return true;
  }

  /**
   * A money command sent as a careful client sends it (ADR 0011): one Idempotency-Key for the action, and
   * the same key again when the answer is lost, a 5xx or a 409 — so an attempt a dying process may already
   * have run lands on the row it made instead of making a second one. The last answer or error stands.
   */
  private async command<T = unknown>(
    kind: CommandKind,
    owner: string,
    path: string,
    body: unknown,
    caller: User,
  ): Promise<ApiResponse<T>> {
    const asked = this.commands[kind];
    asked.set(owner, (asked.get(owner) ?? 0) + 1);
    const headers = { ...bearer(caller.session.accessToken), 'idempotency-key': randomUUID() };
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await api<T>(path, { method: 'POST', body, headers });
        if ((response.status < 500 && response.status !== 409) || attempt === COMMAND_ATTEMPTS)
          return response;
      } catch (error) {
        if (attempt === COMMAND_ATTEMPTS) throw error;
      }
      this.figures.commandRetries += 1;
      await new Promise((resolve) => setTimeout(resolve, COMMAND_RETRY_MS * attempt));
    }
  }

  private outcome(what: string, status: number): boolean {
    if (status >= 500) throw new Error(`${what}: ${status}`);
    return status < 300;
  }
}
