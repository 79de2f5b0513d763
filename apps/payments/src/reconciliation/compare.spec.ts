import { compareSides, type LedgerSide, type StripeSide } from './compare';

const stripeSide = (overrides: Partial<StripeSide> = {}): StripeSide => ({
  paidSessions: new Map(),
  unpaidSessions: new Set(),
  payouts: new Map(),
  unknownPayouts: new Set(),
  ...overrides,
});
const ledgerSide = (overrides: Partial<LedgerSide> = {}): LedgerSide => ({
  topUps: new Map(),
  withdrawals: [],
  ...overrides,
});
const payout = (id: string, amountPence: number, status: string) => ({
  id,
  amountPence,
  status,
  withdrawalId: 'w1',
});

describe('compareSides', () => {
  it('finds nothing when both sides agree', () => {
    expect(
      compareSides(
        stripeSide({
          paidSessions: new Map([['cs_1', 2550]]),
          payouts: new Map([['po_1', payout('po_1', 1000, 'paid')]]),
        }),
        ledgerSide({
          topUps: new Map([['cs_1', 2550]]),
          withdrawals: [{ id: 'w1', payoutId: 'po_1', amountPence: 1000, status: 'paid' }],
        }),
      ),
    ).toEqual([]);
  });

  it('reports a paid session with no top-up, a different amount, and a credit Stripe did not charge', () => {
    const mismatches = compareSides(
      stripeSide({
        paidSessions: new Map([
          ['cs_missing', 1020],
          ['cs_amount', 2040],
        ]),
        unpaidSessions: new Set(['cs_unpaid']),
      }),
      ledgerSide({
        topUps: new Map([
          ['cs_amount', 2000],
          ['cs_unpaid', 500],
        ]),
      }),
    );
    expect(mismatches.map(({ kind, stripeId }) => [kind, stripeId])).toEqual([
      ['top_up_missing', 'cs_missing'],
      ['top_up_amount', 'cs_amount'],
      ['top_up_unpaid', 'cs_unpaid'],
    ]);
    expect(mismatches[1].detail).toBe('paid 2040p at Stripe, 2000p in the ledger');
  });

  it('reports payouts nobody recorded, unknown to Stripe, of another amount or another final status', () => {
    const mismatches = compareSides(
      stripeSide({
        payouts: new Map([
          ['po_stray', payout('po_stray', 100, 'paid')],
          ['po_amount', payout('po_amount', 900, 'pending')],
          ['po_failed', payout('po_failed', 300, 'failed')],
          ['po_canceled', payout('po_canceled', 300, 'canceled')],
        ]),
        unknownPayouts: new Set(['po_ghost']),
      }),
      ledgerSide({
        withdrawals: [
          { id: 'w_amount', payoutId: 'po_amount', amountPence: 1000, status: 'pending' },
          { id: 'w_failed', payoutId: 'po_failed', amountPence: 300, status: 'paid' },
          { id: 'w_canceled', payoutId: 'po_canceled', amountPence: 300, status: 'failed' },
          { id: 'w_ghost', payoutId: 'po_ghost', amountPence: 50, status: 'pending' },
          { id: 'w_new', payoutId: null, amountPence: 70, status: 'pending' },
        ],
      }),
    );
    expect(mismatches.map(({ kind, stripeId }) => [kind, stripeId])).toEqual([
      ['payout_unrecorded', 'po_stray'],
      ['payout_amount', 'po_amount'],
      ['payout_status', 'po_failed'],
      ['payout_missing_at_stripe', 'po_ghost'],
    ]);
    expect(mismatches[3].detail).toContain('w_ghost');
  });

  it('does not hold a pending payout against a withdrawal that is still pending', () => {
    expect(
      compareSides(
        stripeSide({ payouts: new Map([['po_1', payout('po_1', 1000, 'in_transit')]]) }),
        ledgerSide({ withdrawals: [{ id: 'w1', payoutId: 'po_1', amountPence: 1000, status: 'pending' }] }),
      ),
    ).toEqual([]);
  });
});
