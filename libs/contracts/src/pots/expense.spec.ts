import { randomUUID } from 'node:crypto';

import { CreateExpenseRequest, UpdateExpenseRequest } from './expense';

const ann = randomUUID();
const ben = randomUUID();
const base = {
  description: 'Dinner',
  amountPence: 10_000,
  paidFrom: 'member',
  split: { mode: 'equal', members: [{ memberId: ann }, { memberId: ben }] },
};
const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map(({ path, message }) => ({ path: path.join('.'), message })) ?? [];

describe('CreateExpenseRequest payers', () => {
  it('takes one payer by payerMemberId, as before several payers', () => {
    expect(CreateExpenseRequest.safeParse({ ...base, payerMemberId: ann }).success).toBe(true);
  });

  it('takes several payers whose amounts add up to the expense', () => {
    const payers = [
      { memberId: ann, amountPence: 6000 },
      { memberId: ben, amountPence: 4000 },
    ];
    expect(CreateExpenseRequest.parse({ ...base, payers }).payers).toEqual(payers);
  });

  it.each([
    [
      'amounts that do not add up',
      {
        payers: [
          { memberId: ann, amountPence: 6000 },
          { memberId: ben, amountPence: 5000 },
        ],
      },
      "What each person paid adds up to £110.00, not the expense's £100.00.",
    ],
    [
      'a payer twice',
      {
        payers: [
          { memberId: ann, amountPence: 5000 },
          { memberId: ann, amountPence: 5000 },
        ],
      },
      'Each person can be named only once among those who paid.',
    ],
    [
      'both ways of naming payers',
      { payerMemberId: ann, payers: [{ memberId: ann, amountPence: 10_000 }] },
      'Give either payerMemberId or payers, not both.',
    ],
    [
      'payers of money the pot paid',
      { paidFrom: 'pot', payers: [{ memberId: ann, amountPence: 10_000 }] },
      'The pot paid this: it has no payers.',
    ],
  ])('refuses %s', (_what, fields, message) => {
    expect(issues(CreateExpenseRequest.safeParse({ ...base, ...fields }))).toEqual([
      { path: 'payers', message },
    ]);
  });

  it('refuses a member-paid expense with no payer', () => {
    expect(issues(CreateExpenseRequest.safeParse(base))).toEqual([
      { path: 'payerMemberId', message: 'Choose who paid.' },
    ]);
  });

  it('refuses a zero or fractional amount paid', () => {
    const result = CreateExpenseRequest.safeParse({
      ...base,
      payers: [
        { memberId: ann, amountPence: 10_000 },
        { memberId: ben, amountPence: 0 },
      ],
    });
    expect(result.success).toBe(false);
  });
});

describe('UpdateExpenseRequest payers', () => {
  it('checks payers against a new amount given with them', () => {
    const payers = [{ memberId: ann, amountPence: 6000 }];
    expect(UpdateExpenseRequest.safeParse({ amountPence: 6000, payers }).success).toBe(true);
    expect(issues(UpdateExpenseRequest.safeParse({ amountPence: 7000, payers }))).toEqual([
      { path: 'payers', message: "What each person paid adds up to £60.00, not the expense's £70.00." },
    ]);
  });

  it('leaves payers without an amount to the service, which knows the current amount', () => {
    expect(UpdateExpenseRequest.safeParse({ payers: [{ memberId: ann, amountPence: 1 }] }).success).toBe(
      true,
    );
  });
});

describe('itemised bills and other currencies', () => {
  const itemised = (lines: { amount: number; memberIds: string[] }[], extras: unknown[] = []) => ({
    mode: 'itemised',
    members: [{ memberId: ann }, { memberId: ben }],
    items: { lines: lines.map((line, index) => ({ description: `Line ${index + 1}`, ...line })), extras },
  });

  it('takes lines and service that add up to the amount, in the original currency when there is one', () => {
    const split = itemised(
      [
        { amount: 3000, memberIds: [ann, ben] },
        { amount: 1000, memberIds: [ben] },
      ],
      [{ kind: 'service', basisPoints: 1250 }],
    );
    expect(
      CreateExpenseRequest.safeParse({ ...base, payerMemberId: ann, amountPence: 4500, split }).success,
    ).toBe(true);
    // €45.00 at £0.858 is £38.61; the lines are in euros.
    const original = { currency: 'EUR', amountMinor: 4500, rate: '0.858' };
    expect(
      CreateExpenseRequest.safeParse({ ...base, payerMemberId: ann, amountPence: 3861, original, split })
        .success,
    ).toBe(true);
    // What the bank charged, with no rate.
    expect(
      CreateExpenseRequest.safeParse({
        ...base,
        payerMemberId: ann,
        amountPence: 3900,
        original: { currency: 'EUR', amountMinor: 4500 },
        split,
      }).success,
    ).toBe(true);
  });

  it.each([
    [
      'lines that do not add up',
      { amountPence: 4600, split: itemised([{ amount: 4500, memberIds: [ann] }]) },
      {
        path: 'split.items',
        message: "The lines with tax and service come to £45.00, not the expense's £46.00.",
      },
    ],
    [
      'foreign lines that do not add up',
      {
        amountPence: 3861,
        original: { currency: 'EUR', amountMinor: 4500, rate: '0.858' },
        split: itemised([{ amount: 4000, memberIds: [ann] }]),
      },
      {
        path: 'split.items',
        message: "The lines with tax and service come to €40.00, not the expense's €45.00.",
      },
    ],
    [
      'an amount that is not the conversion',
      { amountPence: 4000, original: { currency: 'EUR', amountMinor: 4500, rate: '0.858' } },
      { path: 'amountPence', message: 'At £0.858 per €1.00, €45.00 is £38.61, not £40.00.' },
    ],
    [
      'a line shared by someone outside the split',
      { amountPence: 100, split: itemised([{ amount: 100, memberIds: [randomUUID()] }]) },
      {
        path: 'split.items.lines.0.memberIds',
        message: "Everyone sharing a line must be among the split's members.",
      },
    ],
    [
      'an itemised split without lines',
      { split: { mode: 'itemised', members: [{ memberId: ann }] } },
      { path: 'split.items', message: 'Add the lines of the bill.' },
    ],
    [
      'a rate of nothing',
      { original: { currency: 'EUR', amountMinor: 4500, rate: '0.000' } },
      { path: 'original.rate', message: 'The rate must be more than 0.' },
    ],
    [
      'a currency not in the list',
      { original: { currency: 'XYZ', amountMinor: 4500 } },
      { path: 'original.currency', message: 'Choose a currency from the list.' },
    ],
    [
      'tax as an amount and a percentage',
      {
        split: itemised([{ amount: 10_000, memberIds: [ann] }], [{ kind: 'tax', amount: 1, basisPoints: 1 }]),
      },
      {
        path: 'split.items.extras.0',
        message: 'Give tax or service as an amount or as a percentage, not both.',
      },
    ],
  ])('refuses %s', (_case, change, issue) => {
    expect(issues(CreateExpenseRequest.safeParse({ ...base, payerMemberId: ann, ...change }))).toContainEqual(
      issue,
    );
  });

  it('lets an edit return an expense to pounds', () => {
    expect(UpdateExpenseRequest.parse({ original: null })).toEqual({ original: null });
  });
});
