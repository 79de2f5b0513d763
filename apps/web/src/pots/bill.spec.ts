import { type BillState, calculateBill, emptyBill } from './bill';
import { calculateSplit, type SplitState } from './split';

const members = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Hart' },
  { id: 'cat', name: 'Cat Moss' },
];

/** Pizza €30 for Ann and Bob, salad €12 for Cat, 12.5% service. */
const dinner = (): BillState => ({
  lines: [
    { key: '1', description: 'Pizza', amountText: '30', memberIds: ['bob', 'ann'] },
    { key: '2', description: 'Salad', amountText: '12.00', memberIds: ['cat'] },
  ],
  tax: { text: '', unit: 'amount' },
  service: { text: '12.5', unit: 'percent' },
});

describe('calculateBill', () => {
  it('adds the lines and works out service on them, keeping the pot’s member order', () => {
    expect(calculateBill(dinner(), 'EUR', members)).toEqual({
      status: 'ok',
      items: {
        lines: [
          { description: 'Pizza', amount: 3000, memberIds: ['ann', 'bob'] },
          { description: 'Salad', amount: 1200, memberIds: ['cat'] },
        ],
        extras: [{ kind: 'service', basisPoints: 1250 }],
      },
      subtotal: 4200,
      extras: { tax: 0, service: 525 },
      total: 4725,
    });
  });

  it('says which line is missing what', () => {
    const bill = dinner();
    bill.lines[1].memberIds = [];
    expect(calculateBill(bill, 'EUR', members)).toEqual({
      status: 'error',
      message: 'Choose who shares Salad.',
    });
    expect(calculateBill(emptyBill(['ann']), 'GBP', members)).toEqual({
      status: 'incomplete',
      message: 'Enter what line 1 cost.',
    });
    const typo = dinner();
    typo.lines[0].amountText = '30.001';
    expect(calculateBill(typo, 'EUR', members)).toEqual({
      status: 'error',
      message: 'Enter a valid amount for Pizza.',
    });
    const service = dinner();
    service.service.text = '101';
    expect(calculateBill(service, 'EUR', members)).toEqual({
      status: 'error',
      message: 'Enter the service as a percentage from 0 to 100 (at most 2 decimals).',
    });
  });
});

describe('calculateSplit, itemised', () => {
  const state = (): SplitState => ({ mode: 'itemised', included: [], values: {}, bill: dinner() });

  it('shares the pounds in proportion to the lines, as the server will', () => {
    // €47.25 at £0.858 is £40.54.
    const outcome = calculateSplit(4054, state(), members, 'EUR');
    expect(outcome).toMatchObject({
      status: 'ok',
      shares: [
        { memberId: 'ann', name: 'Ann Lee', amountPence: 1448 },
        { memberId: 'bob', name: 'Bob Hart', amountPence: 1448 },
        { memberId: 'cat', name: 'Cat Moss', amountPence: 1158 },
      ],
      split: {
        mode: 'itemised',
        members: [{ memberId: 'ann' }, { memberId: 'bob' }, { memberId: 'cat' }],
      },
    });
  });

  it('waits for the amount in pounds', () => {
    expect(calculateSplit(null, state(), members, 'EUR')).toEqual({
      status: 'incomplete',
      message: 'Enter the amount in pounds to see each share.',
    });
  });
});
