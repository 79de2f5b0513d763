// Card authorisations through the stack: the sandbox's test helper creates a purchase on a Kitty card and
// asks our webhook synchronously (issuing_authorization.request → gateway → issuing → payments, which decides
// on its projection of pots);
// later events (captures, reversals) are delivered signed, as Stripe sends them, since the sandbox has no
// capture or reversal helpers.
import { randomUUID } from 'node:crypto';

import { Pool } from 'pg';

import { api, eventually, signUpUser } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer, joinPot, type PotDetail, type User } from '../support/pots';
import { deliverWebhook, sandboxStripe, stripeSignature, stripeTestSettings } from '../support/stripe';

interface PotTransaction {
  type: 'credit' | 'debit';
  description: string;
  member: string;
  amountPence: number;
}
type PotWithTransactions = PotDetail & { transactions: PotTransaction[] };

interface Authorization {
  id: string;
  approved: boolean;
  status: string;
  amount: number;
  request_history: { reason: string }[];
}

interface Cardholder {
  user: User;
  token: string;
  userId: string;
  potId: string;
  cardId: string;
  account: string;
}

const SECRET_KEY = 'sk_test_kitty_integration';
const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
// A connection the server drops is replaced on the next query; it must not fail the suite.
db.on('error', () => undefined);

afterAll(() => db.end());

/** A verified user with an active card and an active pot funded with `pence` (if any) through a real top-up. */
async function cardholder(pence: number, name = 'Card Holder'): Promise<Cardholder> {
  const user = await signUpUser({ fullName: name });
  const { session } = user;
  const token = session.accessToken;
  await verifyUser(token);
  const issued = await api('/api/cards', { method: 'POST', headers: bearer(token) });
  if (issued.status !== 201) throw new Error(`card: ${issued.status} ${JSON.stringify(issued.body)}`);
  const pot = await api<PotDetail>('/api/pots', {
    method: 'POST',
    body: { name: 'Card pot' },
    headers: bearer(token),
  });
  if (pot.status !== 201) throw new Error(`pot: ${pot.status}`);
  if (pence > 0) {
    await topUp(token, pence, { type: 'pot', potId: pot.body.id });
    await potBalanceIs(token, pot.body.id, pence);
  }
  const card = await db.query<{ stripe_card_id: string; stripe_account_id: string }>(
    `SELECT stripe_card_id, stripe_account_id FROM issuing.virtual_cards WHERE user_id = $1`,
    [session.user.id],
  );
  return {
    user,
    token,
    userId: session.user.id,
    potId: pot.body.id,
    cardId: card.rows[0].stripe_card_id,
    account: card.rows[0].stripe_account_id,
  };
}

/**
 * Payments decides on its projection of pots, one outbox relay behind: a stricter rule takes effect for
 * card payments once payments holds the pot's latest announcement (ADR 0020).
 */
const paymentsCaughtUp = (potId: string) =>
  eventually(async () => {
    const { rows } = await db.query<{ caught_up: boolean }>(
      `SELECT a.version = p.access_version AS caught_up
         FROM pots.pots p JOIN payments.pot_access a ON a.pot_id = p.id WHERE p.id = $1`,
      [potId],
    );
    return rows[0]?.caught_up ? true : undefined;
  }, 15_000);

const readPot = async (token: string, potId: string) =>
  (await api<PotWithTransactions>(`/api/pots/${potId}`, { headers: bearer(token) })).body;

/** The pot as its owner sees it, once its balance is `pence` (the projection follows the ledger). */
const potBalanceIs = (token: string, potId: string, pence: number) =>
  eventually(async () => {
    const pot = await readPot(token, potId);
    return pot.balancePence === pence ? pot : undefined;
  }, 15_000);

/** A purchase at a merchant, through the sandbox's test helper on the card's Connect account. */
async function purchase(
  holder: Pick<Cardholder, 'cardId' | 'account'>,
  amountPence: number,
  merchant = 'Tesco',
) {
  const started = performance.now();
  const response = await fetch(`${stripeTestSettings().apiUrl}/v1/test_helpers/issuing/authorizations`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SECRET_KEY}`,
      'stripe-account': holder.account,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      card: holder.cardId,
      amount: String(amountPence),
      currency: 'gbp',
      'merchant_data[name]': merchant,
    }),
  });
  const authorization = (await response.json()) as Authorization;
  if (response.status !== 200)
    throw new Error(`authorization: ${response.status} ${JSON.stringify(authorization)}`);
  return { authorization, ms: performance.now() - started };
}

/**
 * How long Kitty took to answer each authorisation's `issuing_authorization.request`, in ms, ascending:
 * the sandbox's delivery log of the synchronous requests, matched to the authorisations by event.
 */
async function requestDurations(account: string, authorizationIds: readonly string[]): Promise<number[]> {
  const { apiUrl } = stripeTestSettings();
  const wanted = new Set(authorizationIds);
  // Newest first, a page at a time, until every authorisation's request event is found.
  const eventIds = new Set<string>();
  let after: string | undefined;
  for (let page = 0; page < 10 && eventIds.size < wanted.size; page += 1) {
    const query = `type=issuing_authorization.request&limit=100${after ? `&starting_after=${after}` : ''}`;
    const events = (await (
      await fetch(`${apiUrl}/v1/events?${query}`, {
        headers: { authorization: `Bearer ${SECRET_KEY}`, 'stripe-account': account },
      })
    ).json()) as { data: { id: string; data: { object: { id: string } } }[]; has_more: boolean };
    for (const event of events.data) if (wanted.has(event.data.object.id)) eventIds.add(event.id);
    if (!events.has_more) break;
    after = events.data.at(-1)?.id;
  }
  const deliveries = (await (
    await fetch(`${apiUrl}/_sandbox/deliveries?event_type=issuing_authorization.request&limit=500`)
  ).json()) as { data: { event_id: string; trigger: string; duration_ms: number }[] };
  return deliveries.data
    .filter((d) => d.trigger === 'synchronous' && eventIds.has(d.event_id))
    .map((d) => d.duration_ms)
    .sort((a, b) => a - b);
}

/** The merchant's side of a held purchase, through the sandbox's test helpers: capture, reverse, expire. */
async function merchantAction<T>(
  holder: Pick<Cardholder, 'account'>,
  authorizationId: string,
  action: 'capture' | 'reverse' | 'expire',
  params: Record<string, string>,
): Promise<T> {
  const response = await fetch(
    `${stripeTestSettings().apiUrl}/v1/test_helpers/issuing/authorizations/${authorizationId}/${action}`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        'stripe-account': holder.account,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(params),
    },
  );
  const body = (await response.json()) as T;
  if (response.status !== 200) throw new Error(`${action}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** An event as Stripe sends it, signed with the run's secret, delivered to the gateway. */
async function deliverSigned(type: string, account: string, object: Record<string, unknown>) {
  const body = JSON.stringify(
    {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type,
      account,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    },
    null,
    2,
  );
  const response = await deliverWebhook(body, stripeSignature(stripeTestSettings().webhookSecret, body));
  expect(response.status).toBe(200);
  return response.body as unknown;
}

const authorizationRequest = (holder: Pick<Cardholder, 'cardId' | 'account'>, amountPence: number) =>
  deliverSigned('issuing_authorization.request', holder.account, {
    id: `iauth_${randomUUID().replaceAll('-', '')}`,
    object: 'issuing.authorization',
    amount: 0,
    approved: false,
    currency: 'gbp',
    status: 'pending',
    card: { id: holder.cardId, object: 'issuing.card' },
    merchant_data: { name: 'Forged Shop' },
    pending_request: { amount: amountPence, currency: 'gbp' },
  });

async function freeze(token: string) {
  const frozen = await api('/api/cards/current/freeze', { method: 'POST', headers: bearer(token) });
  expect(frozen.status).toBe(200);
}

describe('Card authorisations (issuing_authorization.request answered by Kitty)', () => {
  it('approves a purchase the active pot covers, holds it, and shows it in the pot with the merchant', async () => {
    const holder = await cardholder(5000);
    const { authorization } = await purchase(holder, 1500, 'Tesco Express');
    expect(authorization).toMatchObject({ approved: true, status: 'pending', amount: 1500 });
    expect(authorization.request_history[0].reason).toBe('webhook_approved');
    const pot = await potBalanceIs(holder.token, holder.potId, 3500);
    expect(pot.transactions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'debit',
          description: 'Tesco Express',
          amountPence: 1500,
          member: 'Card Holder',
        }),
      ]),
    );
  });

  it('declines a purchase above the balance and holds nothing', async () => {
    const holder = await cardholder(1000);
    const { authorization } = await purchase(holder, 1001);
    expect(authorization).toMatchObject({ approved: false, status: 'closed', amount: 0 });
    expect(authorization.request_history[0].reason).toBe('webhook_declined');
    expect((await readPot(holder.token, holder.potId)).balancePence).toBe(1000);
  });

  it('declines a frozen card (Stripe does not ask; Kitty says no when asked) and a card that is not a Kitty user’s', async () => {
    const holder = await cardholder(2000);
    await freeze(holder.token);
    const { authorization } = await purchase(holder, 100);
    expect(authorization).toMatchObject({ approved: false });
    expect(authorization.request_history[0].reason).toBe('card_inactive');
    await expect(authorizationRequest(holder, 100)).resolves.toEqual({ approved: false });

    // A card Stripe issued on the platform to someone Kitty does not know.
    const stripe = sandboxStripe();
    const cardholderObject = await stripe.issuing.cardholders.create({
      name: 'Stranger Danger',
      type: 'individual',
      billing: { address: { line1: '2 Other Road', city: 'London', postal_code: 'E1 6AN', country: 'GB' } },
    });
    const card = await stripe.issuing.cards.create({
      cardholder: cardholderObject.id,
      currency: 'gbp',
      type: 'virtual',
      status: 'active',
    });
    const strangers = await fetch(`${stripeTestSettings().apiUrl}/v1/test_helpers/issuing/authorizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: card.id, amount: '100', currency: 'gbp' }),
    });
    expect(await strangers.json()).toMatchObject({
      approved: false,
      request_history: [{ reason: 'webhook_declined' }],
    });
    expect((await readPot(holder.token, holder.potId)).balancePence).toBe(2000);
  });

  it('declines a request naming a Kitty card under another Connect account', async () => {
    const holder = await cardholder(2000);
    const other = await cardholder(2000, 'Other Holder');
    await expect(
      authorizationRequest({ cardId: holder.cardId, account: other.account }, 100),
    ).resolves.toEqual({
      approved: false,
    });
    expect((await readPot(holder.token, holder.potId)).balancePence).toBe(2000);
  });

  it('never approves more than the pot holds across 100 concurrent authorisations', async () => {
    const holder = await cardholder(10_000);
    // Warm the path (connections, JIT) with purchases no pot could cover: declined, nothing held.
    await Promise.all(Array.from({ length: 20 }, () => purchase(holder, 1_000_000, 'Warm-up')));
    const results = await Promise.all(Array.from({ length: 100 }, () => purchase(holder, 300, 'Coffee')));
    const approved = results.filter(({ authorization }) => authorization.approved);
    // What Stripe times: from its signed request to Kitty's answer (the sandbox logs each synchronous
    // request with its duration). The purchase calls around it also queue inside the sandbox.
    const answers = await requestDurations(
      holder.account,
      results.map(({ authorization }) => authorization.id),
    );
    const p99 = answers[Math.ceil(answers.length * 0.99) - 1];
    const roundTrips = results.map(({ ms }) => ms).sort((a, b) => a - b);
    console.log(
      `100 concurrent authorisations: ${approved.length} approved; Kitty's answer p50 ${answers[49]} ms, ` +
        `p99 ${p99} ms; purchase round trip through the sandbox p50 ${roundTrips[49].toFixed(0)} ms, ` +
        `p99 ${roundTrips[98].toFixed(0)} ms`,
    );
    expect(answers).toHaveLength(100);
    expect(approved.length * 300).toBeLessThanOrEqual(10_000);
    // What fits is approved (a decision that takes longer than the gateway's budget is a decline, whose
    // late hold is then cancelled, and one past Stripe's 2 s is Stripe's own decline). How many of the 33
    // that fit are approved, and how fast, is a figure of `npm run bench:authorizations`, not
    // of this test: on a loaded 2-core CI it moved between 8 and 33, with p99 1.8–2.3 s, from run to run.
    expect(approved.length).toBeGreaterThan(0);
    // Every approval holds its amount and nothing else stays held.
    await potBalanceIs(holder.token, holder.potId, 10_000 - 300 * approved.length);
  }, 60_000);

  it('a capture below the hold spends what was captured and gives the rest back, under the merchant name', async () => {
    const holder = await cardholder(5000);
    const { authorization } = await purchase(holder, 1500, 'Corner Shop');
    expect(authorization.approved).toBe(true);
    // The merchant captures £12 of the £15 held (sandbox test helper → issuing_transaction.created and
    // issuing_authorization.updated, signed, to the gateway); then Stripe delivers the capture once more.
    const captured = await merchantAction<{ transactions: Record<string, unknown>[] }>(
      holder,
      authorization.id,
      'capture',
      { capture_amount: '1200' },
    );
    expect(captured.transactions).toHaveLength(1);
    await deliverSigned('issuing_transaction.created', holder.account, captured.transactions[0]);
    const pot = await potBalanceIs(holder.token, holder.potId, 3800);
    const corner = pot.transactions.filter((transaction) => transaction.description === 'Corner Shop');
    expect(corner).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'debit', amountPence: 1500 }),
        expect.objectContaining({ type: 'credit', amountPence: 300 }),
      ]),
    );
    expect(corner).toHaveLength(2);
    expect(pot.stats.totalSpentPence).toBe(1200);

    // The pot's statement: the hold and the release of what the capture left are one card purchase (the
    // capture, taken wholly from the hold, moves card:holds, not the pot), and the released £3 is not money in.
    const month = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      timeZone: 'Europe/London',
    })
      .format(new Date())
      .slice(0, 7);
    const statement = await api<{
      moneyInPence: number;
      moneyOutPence: number;
      entries: { kind: string; amountPence: number; cardAuthorizationId: string | null }[];
    }>(`/api/pots/${holder.potId}/statement?month=${month}`, { headers: bearer(holder.token) });
    expect(statement.body.entries.filter(({ kind }) => kind.startsWith('card_'))).toEqual(
      [
        { kind: 'card_hold', amountPence: -1500, cardAuthorizationId: authorization.id },
        { kind: 'card_release', amountPence: 300, cardAuthorizationId: authorization.id },
      ].map((entry) => expect.objectContaining(entry)),
    );
    expect(statement.body).toMatchObject({ moneyInPence: 5000, moneyOutPence: 1200 });
    // Payments counted the capture on the authorisation, and names it on the capture's posting too; every
    // movement of the purchase sums to zero.
    const { rows } = await db.query<{ captured: string; named: string[]; unbalanced: number }>(
      `SELECT a.captured_pence::text AS captured,
              (SELECT array_agg(t.kind ORDER BY t.kind) FROM payments.ledger_transactions t
                WHERE t.metadata->>'authorizationId' = a.authorization_id) AS named,
              (SELECT count(*)::int FROM (SELECT t.id FROM payments.ledger_transactions t
                  JOIN payments.ledger_postings p ON p.transaction_id = t.id
                 WHERE t.metadata->>'authorizationId' = a.authorization_id
                    OR t.idempotency_key = 'card-hold:' || a.authorization_id
                 GROUP BY t.id HAVING SUM(p.amount_pence) <> 0) u) AS unbalanced
         FROM payments.card_authorizations a WHERE a.authorization_id = $1`,
      [authorization.id],
    );
    expect(rows).toEqual([{ captured: '1200', named: ['card_capture', 'card_release'], unbalanced: 0 }]);
  });

  it("tells every member of a purchase paid from its hold, in the pot's Activity and as a notification", async () => {
    const holder = await cardholder(5000);
    const friend = await signUpUser({ fullName: 'Ben Hart' });
    await joinPot(holder.potId, holder.user, friend);
    const { authorization } = await purchase(holder, 450, 'Café Nero');
    expect(authorization.approved).toBe(true);
    // Captured exactly as held: the pot's balance does not move again, the purchase is still announced.
    const captured = await merchantAction<{ transactions: Record<string, unknown>[] }>(
      holder,
      authorization.id,
      'capture',
      { capture_amount: '450' },
    );
    await deliverSigned('issuing_transaction.created', holder.account, captured.transactions[0]);
    await deliverSigned('issuing_transaction.created', holder.account, captured.transactions[0]);

    const pot = await readPot(holder.token, holder.potId);
    const name = pot.members.find(({ userId }) => userId === holder.userId)?.name;
    const sentence = `${name} paid £4.50 at Café Nero with the pot's card`;
    for (const token of [holder.token, friend.session.accessToken]) {
      const told = await eventually(async () => {
        const inbox = await api<{ notifications: { kind: string; title: string }[] }>('/api/notifications', {
          headers: bearer(token),
        });
        const found = inbox.body.notifications.filter(({ kind }) => kind === 'card_purchase');
        return found.length > 0 ? found : undefined;
      }, 15_000);
      expect(told.map(({ title }) => title)).toEqual([sentence]);
    }
    const activity = await api<{ summary: string }[]>(`/api/pots/${holder.potId}/activity`, {
      headers: bearer(friend.session.accessToken),
    });
    expect(activity.body.filter(({ summary }) => summary === sentence)).toHaveLength(1);
  });

  it('a reversal releases the hold, once', async () => {
    const holder = await cardholder(5000);
    const { authorization } = await purchase(holder, 2000, 'Cinema');
    await potBalanceIs(holder.token, holder.potId, 3000);
    // The merchant releases the hold (sandbox test helper → issuing_authorization.updated); then the
    // same update arrives once more.
    const reversed = await merchantAction<Record<string, unknown>>(holder, authorization.id, 'reverse', {});
    expect(reversed).toMatchObject({ status: 'reversed' });
    await deliverSigned('issuing_authorization.updated', holder.account, reversed);
    const pot = await potBalanceIs(holder.token, holder.potId, 5000);
    expect(pot.stats.totalSpentPence).toBe(0);
    const held = await db.query<{ hold_remaining_pence: number; status: string }>(
      `SELECT hold_remaining_pence, status FROM issuing.card_authorizations WHERE stripe_authorization_id = $1`,
      [authorization.id],
    );
    expect(held.rows).toEqual([{ hold_remaining_pence: 0, status: 'reversed' }]);
  });

  it("under the pot's 'approval' rule, pays above the amount once a second member approved it in advance", async () => {
    const owner = await cardholder(20_000, 'Olive Owner');
    const member = await cardholder(0, 'Member One');
    // The member joins the owner's pot and makes it the pot their card spends from.
    await joinPot(owner.potId, owner.user, member.user);
    await api('/api/active-pot', {
      method: 'PUT',
      body: { potId: owner.potId },
      headers: bearer(member.token),
    });
    const rules = await api(`/api/pots/${owner.potId}/rules`, {
      method: 'PATCH',
      body: { withdrawRule: 'owner', spendRule: 'approval', approvalAbovePence: 5_000 },
      headers: bearer(owner.token),
    });
    expect(rules.status).toBe(200);
    await paymentsCaughtUp(owner.potId);

    // Above £50 without an approval: declined, and the card holder is told how to ask.
    expect((await purchase(member, 9_000, 'Dishoom')).authorization.approved).toBe(false);
    const asked = await api<{ id: string; status: string }>(`/api/pots/${owner.potId}/spend-approvals`, {
      method: 'POST',
      body: { amountPence: 10_000, note: 'Team dinner' },
      headers: bearer(member.token),
    });
    expect(asked.status).toBe(201);
    expect(
      (
        await api(`/api/pots/${owner.potId}/spend-approvals/${asked.body.id}/approve`, {
          method: 'POST',
          headers: bearer(member.token),
        })
      ).status,
    ).toBe(403);
    const approved = await api<{ status: string }>(
      `/api/pots/${owner.potId}/spend-approvals/${asked.body.id}/approve`,
      { method: 'POST', headers: bearer(owner.token) },
    );
    expect(approved.body.status).toBe('approved');

    // Two payments race for the one approval: one goes through, and the approval is used.
    const [first, second] = await Promise.all([
      purchase(member, 9_000, 'Dishoom'),
      purchase(member, 9_500, 'Dishoom'),
    ]);
    expect([first.authorization.approved, second.authorization.approved].filter(Boolean)).toHaveLength(1);
    const listed = await api<{ id: string; status: string }[]>(`/api/pots/${owner.potId}/spend-approvals`, {
      headers: bearer(owner.token),
    });
    expect(listed.body.find(({ id }) => id === asked.body.id)?.status).toBe('used');
    // Up to the amount still needs no approval.
    expect((await purchase(member, 5_000, 'Pret')).authorization.approved).toBe(true);
  });
});
