// The pool every service's Prisma client runs on, against the real Postgres: a connection the server ends
// (a failover, an operator's pg_terminate_backend) must cost only the work on it, never the process.
import { Client, type Pool, type PoolClient } from 'pg';

import { directRows, prismaClientOptions, statementErrorTolerantPool } from './pg-adapter';

// eslint-disable-next-line no-restricted-properties -- npm test points medium tests at its run's server here.
const SERVER_URL = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432');
SERVER_URL.pathname = '/postgres'; // the one database every server has: these tests create nothing
const DATABASE_URL = SERVER_URL.toString();

describe('statementErrorTolerantPool against PostgreSQL', () => {
  let pool: Pool;
  let admin: Client;

  beforeAll(async () => {
    admin = new Client({ connectionString: DATABASE_URL });
    await admin.connect();
  });
  afterAll(() => admin.end());

  beforeEach(() => {
    pool = statementErrorTolerantPool({ connectionString: DATABASE_URL, max: 2 });
    // What Prisma's adapter does: errors of idle connections reach the pool.
    pool.on('error', () => undefined);
  });
  afterEach(() => pool.end());

  const backendOf = async (client: PoolClient) =>
    (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;

  /** Ends a connection from the server's side and waits until its client has seen the socket close. */
  async function terminate(client: PoolClient): Promise<void> {
    const ended = new Promise((resolve) => client.once('end', resolve));
    await admin.query('SELECT pg_terminate_backend($1)', [await backendOf(client)]);
    await ended;
  }

  it('survives the server ending a connection checked out between statements, as a transaction holds it', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const client = await pool.connect();
      await client.query('BEGIN');
      await terminate(client);

      await expect(client.query('SELECT 1')).rejects.toThrow(/not queryable|terminat/i);
      client.release();
      expect(uncaught).toEqual([]);
      // The next caller gets a fresh connection.
      await expect(pool.query('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      process.removeListener('uncaughtException', record);
    }
  });

  it('answers the statement after one whose connection the server ended, on a new connection', async () => {
    const client = await pool.connect();
    const before = await backendOf(client);
    client.release();
    const ended = new Promise((resolve) => client.once('end', resolve));
    await admin.query('SELECT pg_terminate_backend($1)', [before]);
    await ended;

    const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(rows[0].pid).not.toBe(before);
  });
});

describe('directRows against PostgreSQL', () => {
  const options = prismaClientOptions({ DATABASE_URL, DATABASE_POOL_SIZE: 2 }, 'public');
  const rows = directRows(options);
  // Its pool closes with the adapter Prisma would connect (disposeExternalPool).
  afterAll(async () => (await options.adapter.connect()).dispose());

  it("gives the types Prisma's raw queries give, prepared once per connection", async () => {
    const sql = `SELECT $1::int8 AS big, $2::timestamptz AS at, '{"a":[1]}'::jsonb AS doc, $3::uuid AS id,
                        NULL::text AS none, current_setting('search_path') AS path`;
    const id = '6f1c2b1e-8a57-4f0e-9a59-3c1d2e4f5a6b';
    const [row] = await rows<Record<string, unknown>>(
      sql,
      '9007199254740993',
      '2026-11-28T04:00:00.250Z',
      id,
    );
    expect(row).toEqual({
      big: 9007199254740993n,
      at: new Date('2026-11-28T04:00:00.250Z'),
      doc: { a: [1] },
      id,
      none: null,
      path: 'public',
    });
    const [prepared] = await rows<{ count: bigint }>(
      'SELECT count(*) AS count FROM pg_prepared_statements WHERE statement = $1',
      sql,
    );
    expect(prepared.count).toBe(1n);
  });

  it('holds at most DATABASE_POOL_SIZE connections: statements beyond it wait for one', async () => {
    const backends = await Promise.all(
      Array.from({ length: 6 }, () =>
        rows<{ pid: number }>('SELECT pg_backend_pid() AS pid FROM pg_sleep(0.05)'),
      ),
    );
    expect(new Set(backends.map(([row]) => row.pid)).size).toBe(2);
  });

  it('refuses client options it did not make', () => {
    expect(() => directRows({ ...options, adapter: { ...options.adapter } } as typeof options)).toThrow();
  });
});

describe('behind a pooler in transaction mode (DATABASE_POOLER=transaction)', () => {
  const options = prismaClientOptions(
    { DATABASE_URL, DATABASE_POOL_SIZE: 2, DATABASE_POOLER: 'transaction' },
    'public',
  );
  const rows = directRows(options);
  afterAll(async () => (await options.adapter.connect()).dispose());

  it('prepares no named statement and sends no startup options (the pooler sets search_path)', async () => {
    const sql = "SELECT current_setting('search_path') AS path, $1::int AS n";
    await rows(sql, 1);
    const [row] = await rows<{ path: string; prepared: bigint }>(
      `SELECT current_setting('search_path') AS path,
              (SELECT count(*) FROM pg_prepared_statements) AS prepared`,
    );
    // The server's default search_path, not the one `options` would set; nothing kept by name.
    expect(row).toEqual({ path: '"$user", public', prepared: 0n });
  });
});
