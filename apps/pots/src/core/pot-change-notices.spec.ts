import { randomUUID } from 'node:crypto';

import type { LivePublisher } from '@kitty/nest-common';
import { RecordedLive } from '@kitty/testing';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { firstValueFrom, of, throwError } from 'rxjs';

import { PotChangeNotices, TellsPotMembers } from './pot-change-notices';
import type { UnitOfWork } from './unit-of-work';

/** Handlers marked as a controller's would be: one telling of any pot change, one of a change to one expense. */
class Handlers {
  @TellsPotMembers()
  anyChange() {
    return undefined;
  }

  @TellsPotMembers({ oneExpense: true })
  oneExpense() {
    return undefined;
  }
}

const rpcContext = (data: unknown, handler: keyof Handlers = 'anyChange') =>
  ({
    switchToRpc: () => ({ getData: () => data }),
    getHandler: () => Handlers.prototype[handler],
  }) as unknown as ExecutionContext;
const answering = (answer: unknown): CallHandler => ({ handle: () => of(answer) });

describe('PotChangeNotices', () => {
  const potId = randomUUID();
  const members = [randomUUID(), randomUUID()];
  let live: RecordedLive;
  let findMany: jest.Mock;
  let notices: PotChangeNotices;

  beforeEach(() => {
    live = new RecordedLive();
    findMany = jest.fn(async () => members.map((userId) => ({ userId })));
    notices = new PotChangeNotices(
      { alone: { potMember: { findMany } } } as unknown as UnitOfWork,
      live.asPublisher<LivePublisher>(),
      new Reflector(),
    );
  });

  it('tells the pot’s current members once the command answered, and passes the answer on', async () => {
    const answer = { id: 'expense-1' };
    await expect(firstValueFrom(notices.intercept(rpcContext({ potId }), answering(answer)))).resolves.toBe(
      answer,
    );
    expect(findMany).toHaveBeenCalledWith(expect.objectContaining({ where: { potId, removedAt: null } }));
    expect(live.notices).toEqual([{ userIds: members, topics: [`pot:${potId}`, 'pots'] }]);
  });

  it('names the one expense a command on an expense changed: from its request, or the new one answered', async () => {
    const expenseId = randomUUID();
    await firstValueFrom(notices.intercept(rpcContext({ potId, expenseId }, 'oneExpense'), answering('ok')));
    const created = randomUUID();
    await firstValueFrom(notices.intercept(rpcContext({ potId }, 'oneExpense'), answering({ id: created })));
    expect(live.notices.map((notice) => notice.expense)).toEqual([
      { potId, expenseId },
      { potId, expenseId: created },
    ]);
  });

  it('names no expense for other pot changes, even when the answer has an id', async () => {
    await firstValueFrom(notices.intercept(rpcContext({ potId }), answering({ id: randomUUID() })));
    expect(live.notices[0]).not.toHaveProperty('expense');
  });

  it('finds the pot in the answer when the request does not name it (an accepted invitation)', async () => {
    await firstValueFrom(notices.intercept(rpcContext({ token: 'x' }), answering({ potId })));
    expect(live.notices.map((notice) => notice.topics[0])).toEqual([`pot:${potId}`]);
  });

  it('tells nobody when the command failed', async () => {
    const failing: CallHandler = { handle: () => throwError(() => new Error('refused')) };
    await expect(firstValueFrom(notices.intercept(rpcContext({ potId }), failing))).rejects.toThrow(
      'refused',
    );
    expect(live.notices).toEqual([]);
  });

  it('never fails the command when the members cannot be read', async () => {
    findMany.mockRejectedValueOnce(new Error('database away'));
    await expect(firstValueFrom(notices.intercept(rpcContext({ potId }), answering('ok')))).resolves.toBe(
      'ok',
    );
    expect(live.notices).toEqual([]);
  });
});
