// The outbox relay with several replicas, against the real Postgres: every replica of a service
// runs a relay over the same outbox table, so relays racing on the same rows must still add each job once.
import { randomBytes } from 'node:crypto';

import { Client, Pool, type PoolClient } from 'pg';

import type { QueueRegistry } from '../queue';
import { type OutboxDatabase, OutboxRelay, type OutboxSql } from './outbox';

// eslint-disable-next-line no-restricted-properties -- npm test points medium tests at its run's server here.
const BASE_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/kitty';
const TABLE = '"relay_spec"."outbox"';

const withDatabase = (name: string) => {
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The slice of Prisma the relay uses, over node-postgres: one pooled connection per transaction. */
function pgDatabase(pool: Pool): OutboxDatabase {
  const sql = (db: Pool | PoolClient): OutboxSql => ({
    $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) =>
      (await db.query(query, values)).rows as T,
    $executeRawUnsafe: async (query: string, ...values: unknown[]) =>
      (await db.query(query, values)).rowCount ?? 0,
  });
  return {
    ...sql(pool),
    $transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(sql(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

describe('outbox relays of several replicas (PostgreSQL)', () => {
  const name = `kitty_outbox_spec_${randomBytes(6).toString('hex')}`;
  const pools: Pool[] = [];

  beforeAll(async () => {
    const admin = new Client({ connectionString: withDatabase('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    // One pool per replica, as separate processes have.
    for (let i = 0; i < 3; i += 1) {
      const pool = new Pool({ connectionString: withDatabase(name), max: 3 });
      // An idle connection the server ends (the database dropped WITH (FORCE) at the end, while a pool still
      // closes) is the pool's to replace, not an error of these tests.
      pool.on('error', () => undefined);
      pools.push(pool);
    }
    await pools[0].query(`CREATE SCHEMA relay_spec;
      CREATE TABLE ${TABLE} (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), queue text NOT NULL,
        job_name text NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        relayed_at timestamptz);
      -- As every service's migration outbox_unrelayed_index has it.
      CREATE INDEX ON ${TABLE} (created_at) WHERE relayed_at IS NULL`);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    const admin = new Client({ connectionString: withDatabase('postgres') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('adds every outbox row to its queue exactly once when three relays race on the same rows', async () => {
    const rows = 1000;
    await pools[0].query(
      `INSERT INTO ${TABLE} (queue, job_name, payload)
         SELECT 'mail', 'send.v1', jsonb_build_object('n', n) FROM generate_series(1, $1) AS n`,
      [rows],
    );
    const added = new Map<string, number>();
    const perRelay = [0, 0, 0];
    const relays = pools.map((pool, i) => {
      const queues = {
        names: () => ['mail'],
        addBulk: async (_queue: string, jobs: { id: string }[]) => {
          // Redis takes a moment: the claim must hold across it.
          await new Promise((resolve) => setTimeout(resolve, 3));
          for (const job of jobs) added.set(job.id, (added.get(job.id) ?? 0) + 1);
          perRelay[i] += jobs.length;
        },
      } as unknown as QueueRegistry;
      return new OutboxRelay(pgDatabase(pool), TABLE, queues);
    });

    // Every relay drains at once, as every replica's loop does after a burst of commits.
    await Promise.all(
      relays.map(async (relay) => {
        while ((await relay.relayBatch()) > 0);
      }),
    );

    expect(added.size).toBe(rows);
    expect([...added.values()].every((times) => times === 1)).toBe(true);
    const { rows: left } = await pools[0].query(
      `SELECT count(*)::int AS n FROM ${TABLE} WHERE relayed_at IS NULL`,
    );
    expect(left[0].n).toBe(0);
    // SKIP LOCKED shares the rows out instead of making the others wait.
    expect(perRelay.filter((n) => n > 0).length).toBeGreaterThan(1);
  });

  it('leaves a batch whose relay failed to the next relay, which adds it under the same job ids', async () => {
    await pools[0].query(`DELETE FROM ${TABLE}`);
    await pools[0].query(
      `INSERT INTO ${TABLE} (queue, job_name, payload) SELECT 'mail', 'send.v1', '{}' FROM generate_series(1, 10)`,
    );
    const attempts: string[][] = [];
    // The first replica's Redis call adds the jobs, then its connection drops before the commit.
    const failing = new OutboxRelay(pgDatabase(pools[0]), TABLE, {
      names: () => ['mail'],
      addBulk: async (_queue: string, jobs: { id: string }[]) => {
        attempts.push(jobs.map((job) => job.id));
        throw new Error('connection lost');
      },
    } as unknown as QueueRegistry);
    const healthy = new OutboxRelay(pgDatabase(pools[1]), TABLE, {
      names: () => ['mail'],
      addBulk: async (_queue: string, jobs: { id: string }[]) => {
        attempts.push(jobs.map((job) => job.id));
      },
    } as unknown as QueueRegistry);

    await expect(failing.relayBatch()).rejects.toThrow('connection lost');
    await expect(healthy.relayBatch()).resolves.toBe(10);
    // Same ids both times: BullMQ keeps one job per id, so the second add is a no-op for those it has.
    expect(attempts[1].sort()).toEqual(attempts[0].sort());
  });

  it('relays past rows written for a queue it has no producer for, and names that queue', async () => {
    await pools[0].query(`DELETE FROM ${TABLE}`);
    // The stray row is the oldest: before, the relay retried it forever and nothing behind it moved.
    await pools[0].query(
      `INSERT INTO ${TABLE} (queue, job_name, payload) VALUES ('notifications', 'notify.v1', '{}')`,
    );
    await pools[0].query(
      `INSERT INTO ${TABLE} (queue, job_name, payload) SELECT 'mail', 'send.v1', '{}' FROM generate_series(1, 5)`,
    );
    const added: string[] = [];
    const relay = new OutboxRelay(pgDatabase(pools[0]), TABLE, {
      names: () => ['mail'],
      addBulk: async (queue: string, jobs: { id: string }[]) => {
        if (queue !== 'mail') throw new Error(`No producer registered for queue ${queue}`);
        added.push(...jobs.map((job) => job.id));
      },
    } as unknown as QueueRegistry);

    await expect(relay.relayBatch()).resolves.toBe(5);
    expect(added).toHaveLength(5);
    await expect(relay.reportUnknownQueues()).resolves.toEqual(['notifications']);
    const { rows } = await pools[0].query(`SELECT queue FROM ${TABLE} WHERE relayed_at IS NULL`);
    expect(rows).toEqual([{ queue: 'notifications' }]);
  });

  it('polls without visiting the rows it relayed before, however many there are (no VACUUM needed)', async () => {
    await pools[0].query(`DELETE FROM ${TABLE}`);
    await pools[0].query(
      `INSERT INTO ${TABLE} (queue, job_name, payload) SELECT 'mail', 'send.v1', '{}' FROM generate_series(1, 3000)`,
    );
    // The relay's own statements, with the buffers its poll touched read from the plan of the same query.
    const polls: number[] = [];
    const database = pgDatabase(pools[0]);
    const observed: OutboxDatabase = {
      ...database,
      $transaction: (fn) =>
        database.$transaction((tx) =>
          fn({
            ...tx,
            $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) => {
              const [plan] = await tx.$queryRawUnsafe<
                { 'QUERY PLAN': [{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }] }[]
              >(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`, ...values);
              const { Plan } = plan['QUERY PLAN'][0];
              polls.push(Plan['Shared Hit Blocks'] + Plan['Shared Read Blocks']);
              return tx.$queryRawUnsafe<T>(query, ...values);
            },
          }),
        ),
    };
    const relay = new OutboxRelay(observed, TABLE, {
      names: () => ['mail'],
      addBulk: async () => undefined,
    } as unknown as QueueRegistry);
    while ((await relay.relayBatch()) > 0);
    polls.length = 0;

    // Each relayed row left a dead entry in the index. The first poll after passes them once; from then on
    // a poll reads a handful of index pages, not the 3,000 rows' heap pages.
    await relay.relayBatch();
    await relay.relayBatch();
    expect(polls[1]).toBeLessThan(20);
  });
});
