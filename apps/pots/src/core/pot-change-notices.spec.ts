import { randomUUID } from 'node:crypto';

import type { LivePublisher } from '@kitty/nest-common';
import { RecordedLive } from '@kitty/testing';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { firstValueFrom, of, throwError } from 'rxjs';

import { PotChangeNotices } from './pot-change-notices';
import type { UnitOfWork } from './unit-of-work';

const rpcContext = (data: unknown) => ({ switchToRpc: () => ({ getData: () => data }) }) as ExecutionContext;
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
