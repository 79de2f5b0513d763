// Consent for expenses, as a property: whatever the payers, shares and recorder, a record that counts at
// once credits nobody but its recorder (so every penny it puts on someone else is owed to the recorder),
// and a pending one is confirmed, in turn, by exactly the members it credits (the owner for a guest).
import fc from 'fast-check';

import { type ExpenseEffect, memberDeltas } from '../core/expense-effects';
import type { Membership } from '../core/pot-access';
import {
  confirmersOf,
  type ConsentMembers,
  creditTakenBack,
  expenseState,
  nextConfirmer,
} from './expense-consent';

const ROLES = ['owner', 'member', 'member', 'member', 'guest', 'guest'] as const;
const IDS = ROLES.map((_, index) => `m${index}`);
const MEMBERS: ConsentMembers = new Map(IDS.map((id, index) => [id, { id, role: ROLES[index] }]));

/** Splits `total` into the given weights' proportions, exactly (the last takes the remainder). */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((weight) => Math.floor((total * weight) / sum));
  parts[parts.length - 1] += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

/** Any member-paid expense among the pot's members: distinct payers and sharers, amounts adding up. */
const expenses = fc
  .record({
    amountPence: fc.integer({ min: 1, max: 1_000_000 }),
    payers: fc.uniqueArray(fc.constantFrom(...IDS), { minLength: 1, maxLength: IDS.length }),
    payerWeights: fc.array(fc.integer({ min: 1, max: 1000 }), {
      minLength: IDS.length,
      maxLength: IDS.length,
    }),
    sharers: fc.uniqueArray(fc.constantFrom(...IDS), { minLength: 1, maxLength: IDS.length }),
    shareWeights: fc.array(fc.integer({ min: 0, max: 1000 }), {
      minLength: IDS.length,
      maxLength: IDS.length,
    }),
  })
  .map(({ amountPence, payers, payerWeights, sharers, shareWeights }): ExpenseEffect => {
    const paid = apportion(amountPence, payerWeights.slice(0, payers.length));
    const weights = shareWeights.slice(0, sharers.length).map((weight, i) => (i === 0 ? weight + 1 : weight));
    const shared = apportion(amountPence, weights);
    return {
      paidFrom: 'member',
      amountPence,
      payers: payers.map((memberId, i) => ({ memberId, amountPence: paid[i] })),
      shares: sharers.map((memberId, i) => ({ memberId, amountPence: shared[i] })),
    };
  });

/** Recorders are members with an account: the owner or a member (a guest cannot sign in). */
const recorders = fc.constantFrom('m0', 'm1', 'm2', 'm3');
const membershipOf = (memberId: string): Membership => ({
  memberId,
  role: MEMBERS.get(memberId)?.role === 'owner' ? 'owner' : 'member',
  name: memberId,
});

describe('who must confirm an expense', () => {
  it('never lets a member who is not the owner move another member up without their confirmation', () => {
    fc.assert(
      fc.property(expenses, recorders, (effect, recorder) => {
        fc.pre(recorder !== 'm0');
        const nets = memberDeltas(effect, 1);
        const confirmers = confirmersOf(effect, recorder, MEMBERS);
        for (const [memberId, { net }] of nets) {
          if (memberId === recorder || net <= 0) continue;
          const confirmer = MEMBERS.get(memberId)?.role === 'guest' ? 'm0' : memberId;
          expect(confirmers).toContain(confirmer);
        }
        const state = expenseState(membershipOf(recorder), effect, MEMBERS);
        if (state.status === 'confirmed') {
          // Counting at once, it credits nobody else: whatever it takes from others goes to the recorder.
          for (const [memberId, { net }] of nets)
            if (memberId !== recorder) expect(net).toBeLessThanOrEqual(0);
        } else {
          expect(state.awaitingMemberId).toBe(confirmers[0]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('asks each confirmer once, in turn, and nobody it does not credit', () => {
    fc.assert(
      fc.property(expenses, recorders, (effect, recorder) => {
        const confirmers = confirmersOf(effect, recorder, MEMBERS);
        expect(new Set(confirmers).size).toBe(confirmers.length);
        expect(confirmers).not.toContain(recorder);
        const nets = memberDeltas(effect, 1);
        for (const confirmer of confirmers) {
          const credited = (memberId: string) => (nets.get(memberId)?.net ?? 0) > 0;
          const forGuest =
            confirmer === 'm0' && IDS.some((id) => MEMBERS.get(id)?.role === 'guest' && credited(id));
          expect(credited(confirmer) || forGuest).toBe(true);
        }
        const asked: string[] = [];
        let awaiting: string | null = confirmers[0] ?? null;
        while (awaiting) {
          asked.push(awaiting);
          awaiting = nextConfirmer(effect, recorder, MEMBERS, awaiting);
        }
        expect(asked).toEqual(confirmers);
      }),
      { numRuns: 500 },
    );
  });

  it('makes the multi-payer rewrite wait for the member it credits', () => {
    const effect: ExpenseEffect = {
      paidFrom: 'member',
      amountPence: 400_001,
      payers: [
        { memberId: 'm1', amountPence: 400_000 },
        { memberId: 'm3', amountPence: 1 },
      ],
      shares: [{ memberId: 'm2', amountPence: 400_001 }],
    };
    expect(expenseState(membershipOf('m3'), effect, MEMBERS)).toEqual({
      status: 'pending',
      awaitingMemberId: 'm1',
    });
    // A pot-paid expense moves no position: nobody to ask.
    expect(confirmersOf({ ...effect, paidFrom: 'pot', payers: [] }, 'm3', MEMBERS)).toEqual([]);
  });
});

describe('whose credit taking back a confirmed expense would remove', () => {
  it('is every member other than the actor whom it credits: taking it back moves nobody else up', () => {
    fc.assert(
      fc.property(expenses, recorders, (effect, actor) => {
        const credited = creditTakenBack(effect, actor);
        const undone = memberDeltas(effect, -1);
        for (const [memberId, { net }] of undone) {
          if (memberId !== actor && net < 0) expect(credited).toContain(memberId);
        }
        for (const memberId of credited) expect(undone.get(memberId)?.net).toBeLessThan(0);
        // With nobody else credited, taking it back costs only the actor (or costs nobody).
        if (credited.length === 0)
          for (const [memberId, { net }] of undone)
            if (memberId !== actor) expect(net).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });
});
