import { defineJob, defineQueue } from '@kitty/contracts';
import { z } from 'zod';

import { JOB_REQUEST_ID_KEY, runWithRequestId } from '../context';
import { renderMetrics } from '../metrics';
import type { QueueRegistry } from '../queue';
import { type OutboxDatabase, outboxMessage, OutboxRelay, type OutboxSql } from './outbox';

/** An in-memory outbox table with all-or-nothing transactions, enough to exercise the relay. */
function fakeDatabase(rows: { id: string; queue: string; job_name: string; payload: unknown }[]) {
  const relayed = new Set<string>();
  const tx: OutboxSql = {
    $queryRawUnsafe: async <T>() => rows.filter((row) => !relayed.has(row.id)) as T,
    $executeRawUnsafe: async (_sql: string, ids?: unknown) => {
      if (ids === undefined) return 0; // SET LOCAL
      for (const id of ids as string[]) relayed.add(id);
      return (ids as string[]).length;
    },
  };
  const db: OutboxDatabase = {
    ...tx,
    $transaction: async (fn) => {
      const before = new Set(relayed);
      try {
        return await fn(tx);
      } catch (error) {
        relayed.clear();
        before.forEach((id) => relayed.add(id));
        throw error;
      }
    },
  };
  return { db, relayed };
}

describe('OutboxRelay', () => {
  const rows = [
    { id: '1', queue: 'mail', job_name: 'send.v1', payload: { to: 'a' } },
    { id: '2', queue: 'residency', job_name: 'detect.v1', payload: { userId: 'u' } },
    { id: '3', queue: 'mail', job_name: 'send.v1', payload: { to: 'b' } },
  ];

  it('adds each row as a job whose id is the outbox id, grouped by queue, then marks it relayed', async () => {
    const { db, relayed } = fakeDatabase(rows);
    const addBulk = jest.fn().mockResolvedValue(undefined);
    const relay = new OutboxRelay(db, '"x"."outbox"', {
      addBulk,
      names: () => ['mail', 'residency'],
    } as unknown as QueueRegistry);

    expect(await relay.relayBatch()).toBe(3);
    expect(addBulk).toHaveBeenCalledWith('mail', [
      { id: '1', name: 'send.v1', data: { to: 'a' } },
      { id: '3', name: 'send.v1', data: { to: 'b' } },
    ]);
    expect(addBulk).toHaveBeenCalledWith('residency', [
      { id: '2', name: 'detect.v1', data: { userId: 'u' } },
    ]);
    expect([...relayed].sort()).toEqual(['1', '2', '3']);
    expect(await relay.relayBatch()).toBe(0);
  });

  it('leaves rows unrelayed when Redis refuses the jobs, so the next pass retries them', async () => {
    const { db, relayed } = fakeDatabase(rows);
    const addBulk = jest.fn().mockRejectedValueOnce(new Error('redis down')).mockResolvedValue(undefined);
    const relay = new OutboxRelay(db, '"x"."outbox"', {
      addBulk,
      names: () => ['mail', 'residency'],
    } as unknown as QueueRegistry);

    await expect(relay.relayBatch()).rejects.toThrow('redis down');
    expect(relayed.size).toBe(0);
    expect(await relay.relayBatch()).toBe(3);
  });

  it('relays right away when kicked instead of waiting for the next poll', async () => {
    const table: typeof rows = [];
    const { db, relayed } = fakeDatabase(table);
    const addBulk = jest.fn().mockResolvedValue(undefined);
    const relay = new OutboxRelay(
      db,
      '"x"."outbox"',
      { addBulk, names: () => ['mail', 'residency'] } as unknown as QueueRegistry,
      60_000,
    );
    relay.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    table.push(...rows);
    relay.kick();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await relay.stop();
    expect(relayed.size).toBe(3);
  });

  it('reports its backlog on /metrics while running, and stops reporting once stopped', async () => {
    const { db } = fakeDatabase([]);
    const backlogDb = { ...db, $queryRawUnsafe: async <T>() => [{ count: 4 }] as T };
    const relay = new OutboxRelay(backlogDb, '"x"."outbox"', {
      addBulk: jest.fn(),
      names: () => ['mail'],
    } as unknown as QueueRegistry);
    relay.start();
    expect(await renderMetrics()).toContain('outbox_backlog{table="\\"x\\".\\"outbox\\""} 4');
    await relay.stop();
    expect(await renderMetrics()).not.toContain('outbox_backlog{');
  });
});

describe('outboxMessage', () => {
  const Send = defineJob(defineQueue('mail', ['send.v1']), 'send.v1', z.object({ to: z.string() }));

  it('writes the queue and job name of the definition', () => {
    expect(outboxMessage(Send, { to: 'a' })).toEqual({
      queue: 'mail',
      jobName: 'send.v1',
      payload: { to: 'a' },
    });
  });

  it('stamps the payload with the request that wrote it, so the job logs name that request', () => {
    runWithRequestId('r-9', () =>
      expect(outboxMessage(Send, { to: 'a' }).payload).toEqual({
        to: 'a',
        [JOB_REQUEST_ID_KEY]: 'r-9',
      }),
    );
  });

  it('refuses a payload its schema refuses, before anything is written', () => {
    expect(() => outboxMessage(Send, { to: 1 } as never)).toThrow('Invalid payload for job send.v1');
  });
});
