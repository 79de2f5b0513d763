import { randomUUID } from 'node:crypto';

import { type CreateExpenseCommand, PaymentsRpc, PotPaymentsRpc, type RpcContract } from '@kitty/contracts';
import { ProblemError, type RpcClient } from '@kitty/nest-common';

import { PotPaymentsService } from './pot-payments.service';

const caller = { userId: randomUUID(), name: 'Ann', email: 'ann@example.com' };
const command: CreateExpenseCommand = {
  caller,
  potId: randomUUID(),
  idempotencyKey: randomUUID(),
  body: {
    description: 'Dinner',
    amountPence: 1200,
    paidFrom: 'pot',
    category: 'food',
    split: { mode: 'equal', members: [{ memberId: randomUUID() }] },
  },
};

/** Pots and payments as the gateway calls them: each pattern answered by a handler, every call recorded. */
function services(handlers: Record<string, (request: unknown) => unknown>) {
  const calls: string[] = [];
  const rpc = {
    call: async (contract: RpcContract, request: unknown) => {
      calls.push(contract.pattern);
      return handlers[contract.pattern](request);
    },
  } as unknown as RpcClient;
  return { payments: new PotPaymentsService(rpc), calls };
}

describe('PotPaymentsService (gateway)', () => {
  const expenseId = randomUUID();
  const payment = { expenseId, expense: command };

  it('prepares in pots, pays in payments, then records in pots', async () => {
    const recorded = { id: expenseId };
    const { payments, calls } = services({
      [PotPaymentsRpc.prepareExpense.pattern]: () => ({ expense: null, payment }),
      [PaymentsRpc.payExpenseFromPot.pattern]: () => ({ transactionId: randomUUID(), replayed: false }),
      [PotPaymentsRpc.recordPaidExpense.pattern]: () => recorded,
    });
    await expect(payments.payExpenseFromPot(command)).resolves.toBe(recorded);
    expect(calls).toEqual([
      PotPaymentsRpc.prepareExpense.pattern,
      PaymentsRpc.payExpenseFromPot.pattern,
      PotPaymentsRpc.recordPaidExpense.pattern,
    ]);
  });

  it('answers the expense a repeat finds without paying again', async () => {
    const recorded = { id: expenseId };
    const { payments, calls } = services({
      [PotPaymentsRpc.prepareExpense.pattern]: () => ({ expense: recorded, payment: null }),
    });
    await expect(payments.payExpenseFromPot(command)).resolves.toBe(recorded);
    expect(calls).toEqual([PotPaymentsRpc.prepareExpense.pattern]);
  });

  it('says a payment that pots could not record yet went through, as a 503 to retry', async () => {
    const { payments } = services({
      [PotPaymentsRpc.prepareExpense.pattern]: () => ({ expense: null, payment }),
      [PaymentsRpc.payExpenseFromPot.pattern]: () => ({ transactionId: randomUUID(), replayed: false }),
      [PotPaymentsRpc.recordPaidExpense.pattern]: () => {
        throw ProblemError.of(503, 'Service unavailable', 'Please try again in a moment.');
      },
    });
    const refused = await payments.payExpenseFromPot(command).catch((error: unknown) => error);
    expect((refused as ProblemError).problem).toMatchObject({ status: 503, title: 'Paid, being recorded' });
  });

  it('passes on a refusal of the payment itself (nothing moved)', async () => {
    const { payments, calls } = services({
      [PotPaymentsRpc.prepareExpense.pattern]: () => ({ expense: null, payment }),
      [PaymentsRpc.payExpenseFromPot.pattern]: () => {
        throw ProblemError.of(400, 'Insufficient funds', 'The amount exceeds the available balance.');
      },
    });
    const refused = await payments.payExpenseFromPot(command).catch((error: unknown) => error);
    expect((refused as ProblemError).problem).toMatchObject({ status: 400, title: 'Insufficient funds' });
    expect(calls).not.toContain(PotPaymentsRpc.recordPaidExpense.pattern);
  });
});
