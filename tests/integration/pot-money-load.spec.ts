// 200 pot-paid expenses at once against the stack at 3 replicas, more than its cores can serve: every answer
// is honest. A 201 is a recorded expense; a 400 is a pot that could not pay; a 503 or 429 means nothing ran,
// and a retry with the same Idempotency-Key returns the real result. Payments alone moves the pot's money, so
// the pot's balance on screen catches up with the ledger's within moments, and the ledger stays zero-sum.
import { randomUUID } from 'node:crypto';

import { Pool } from 'pg';

import { api, eventually } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { potLedgerBalance, recordedPotExpenses } from '../support/pot-ledger';
import { bearer, type PotDetail, potWithMembers } from '../support/pots';

interface Answer {
  id?: string;
  title?: string;
}

const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
afterAll(() => db.end());

const CONCURRENT = 200;
const PRICE_PENCE = 100;
const FUNDS_PENCE = 10_000;

describe('pot money under overload', () => {
  it(`answers ${CONCURRENT} concurrent pot-paid expenses honestly, and the pot shows what the ledger holds`, async () => {
    const { pot, owner } = await potWithMembers(0);
    const token = owner.session.accessToken;
    await verifyUser(token);
    await topUp(token, FUNDS_PENCE, { type: 'pot', potId: pot.id });
    const read = () => api<PotDetail>(`/api/pots/${pot.id}`, { headers: bearer(token) });
    await eventually(async () => ((await read()).body.balancePence === FUNDS_PENCE ? true : undefined));

    const spend = (idempotencyKey: string) =>
      api<Answer>(`/api/pots/${pot.id}/expenses`, {
        method: 'POST',
        body: {
          description: `Coffee ${idempotencyKey.slice(0, 4)}`,
          amountPence: PRICE_PENCE,
          paidFrom: 'pot',
          split: { mode: 'equal', members: [{ memberId: pot.yourMemberId }] },
        },
        headers: { ...bearer(token), 'idempotency-key': idempotencyKey },
      });
    const keys = Array.from({ length: CONCURRENT }, () => randomUUID());
    const first = await Promise.all(keys.map(spend));
    const recordedAtFirst = await recordedPotExpenses(db, pot.id);

    // Anything but a final answer is retried with its own key, as the SPA does.
    const final = new Map<string, { status: number; id?: string }>();
    const retried: string[] = [];
    for (const [index, answer] of first.entries()) {
      let current = answer;
      if (current.status === 503 || current.status === 429) retried.push(keys[index]);
      while (current.status === 503 || current.status === 429) current = await spend(keys[index]);
      final.set(keys[index], { status: current.status, id: current.body.id });
    }
    const statuses = [...final.values()].map(({ status }) => status);
    expect(statuses.filter((status) => status !== 201 && status !== 400)).toEqual([]);

    const recorded = await recordedPotExpenses(db, pot.id);
    const answeredIds = [...final.values()].flatMap(({ status, id }) => (status === 201 && id ? [id] : []));
    // Every 2xx is a recorded expense, and every recorded expense is one a key was answered with.
    expect(new Set(answeredIds)).toEqual(new Set(recorded));
    expect(recorded).toHaveLength(FUNDS_PENCE / PRICE_PENCE);
    // A first answer of 503 or 429 whose expense was already recorded would be work told as failed.
    const firstFailures = first.filter(({ status }) => status === 503 || status === 429).length;
    const failedButDone = retried.filter((key) => recordedAtFirst.includes(final.get(key)?.id ?? '')).length;
    expect(failedButDone).toBe(0);

    const ledgerPence = await potLedgerBalance(db, pot.id);
    expect(ledgerPence).toBe(0);
    const since = Date.now();
    await eventually(async () => ((await read()).body.balancePence === ledgerPence ? true : undefined));
    const lagMs = Date.now() - since;
    const { rows: unbalanced } = await db.query(
      `SELECT transaction_id FROM payments.ledger_postings GROUP BY transaction_id HAVING sum(amount_pence) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    console.log(
      `${CONCURRENT} concurrent pot-paid expenses: ${statuses.filter((s) => s === 201).length} × 201, ` +
        `${statuses.filter((s) => s === 400).length} × 400; first answers of 503/429: ${firstFailures} ` +
        `(of which work already done: ${failedButDone}); recorded ${recorded.length}; ` +
        `pot shown = ledger ${lagMs} ms after the last answer`,
    );
  }, 300_000);
});
