import { createHash } from 'node:crypto';

import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

import type { DatabaseClientConfig } from '../config/load-config';

/**
 * Waits for a pooled connection and runs a transaction for up to this long. Writers of one pot (or one
 * ledger account) queue on its row lock while holding a connection, so a burst must be able to wait.
 */
const TRANSACTION_WAIT_MS = 10_000;

/**
 * How many distinct statements one process prepares. Each connection keeps every statement it prepared
 * (node-postgres never forgets one, nor does the server until the connection closes), so SQL whose text
 * varies without bound (an IN list of any length) must not grow them forever: past the bound a new text
 * runs unprepared, as every statement did before.
 */
export const PREPARED_STATEMENTS_PER_PROCESS = 500;

/**
 * Names each SQL text once, by its hash, so node-postgres prepares it once per connection and then only
 * binds and executes it: Postgres parses and plans a statement on every run otherwise (the pots balances
 * read ran at 8,000/s unprepared and 14,400/s prepared in pgbench). The same text always gets the same
 * name, which node-postgres requires; '' leaves a statement unnamed.
 */
export function statementNamer(limit = PREPARED_STATEMENTS_PER_PROCESS): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return ({ sql }) => {
    const known = names.get(sql);
    if (known !== undefined) return known;
    if (names.size >= limit) return '';
    const name = `k${createHash('sha256').update(sql).digest('base64url').slice(0, 22)}`;
    names.set(sql, name);
    return name;
  };
}

/** Every statement unnamed: parsed and planned on each run, on whichever server connection runs it. */
const unnamedStatements = () => '';

/**
 * SQLSTATEs after which a connection is not used again: connection exception (08), operator intervention
 * (57: shutdown, cancel), system error (58), internal error (XX); and the two that leave one of its
 * prepared statements failing until the connection ends — "cached plan must not change result type" after
 * a migration changed a table under it (0A000), and a statement the server no longer has (26000). A new
 * connection prepares the statement again.
 */
const CONNECTION_BREAKING = /^(08|57|58|XX)|^(0A000|26000)$/;

/** Whether the connection that answered with `error` must be closed: anything but a statement's error. */
export function breaksConnection(error: unknown): boolean {
  // Only the server's error messages are DatabaseErrors; a socket's EPIPE has a five-letter code too.
  if (!(error instanceof pg.DatabaseError)) return true;
  return typeof error.code !== 'string' || CONNECTION_BREAKING.test(error.code);
}

type Query = (...args: unknown[]) => Promise<unknown>;

const ignoreConnectionError = () => undefined;

/**
 * A pg pool whose connections outlive the errors of the statements they ran. pg-pool's `query` closes the
 * connection after any error, so every refused statement outside a transaction (a unique violation met by a
 * concurrent delivery, a refused posting) paid for a new connection — ≈ 45 ms here, and its prepared
 * statements — and a burst of them turned into a storm of connects. `breaksConnection` says which errors still close it.
 */
export function statementErrorTolerantPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // pg-pool listens for a connection's errors only while it is idle; whoever checks one out must listen
  // for as long as they hold it. A connection the server ends (failover, pg_terminate_backend) can emit
  // 'error' twice (the server's message, then the closed socket), and an 'error' nobody listens for ends
  // the process: a pots replica died so in the fault suite (seed 716774902). The failure still reaches
  // the holder: the connection is no longer queryable, its next statement fails and the pool drops it.
  pool.on('connect', (client) => client.on('error', ignoreConnectionError));
  const dispatch = pool.query.bind(pool) as Query;
  const query: Query = async (...args) => {
    if (args.some((arg) => typeof arg === 'function')) return dispatch(...args);
    const client = await pool.connect();
    // A checked-out connection that fails emits 'error' with no listener otherwise (which ends the process).
    let broken: Error | undefined;
    const onError = (error: Error) => (broken = error);
    client.once('error', onError);
    try {
      return await (client.query as Query).apply(client, args);
    } catch (error) {
      if (breaksConnection(error)) broken ??= error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  };
  pool.query = query as pg.Pool['query'];
  return pool;
}

/** A read run on the client's own pool, past Prisma's query path: rows as node-postgres gives them. */
export type DirectRows = <Row>(sql: string, ...values: unknown[]) => Promise<Row[]>;

/**
 * A Prisma transaction's raw statements as DirectRows: a statement that runs both alone (direct) and inside
 * a transaction is written once, against DirectRows.
 */
export const directRowsIn =
  (tx: { $queryRawUnsafe<T>(sql: string, ...values: unknown[]): PromiseLike<T> }): DirectRows =>
  async <Row>(sql: string, ...values: unknown[]) =>
    tx.$queryRawUnsafe<Row[]>(sql, ...values);

/** int8 as BigInt, as Prisma's raw queries give it (node-postgres would give a string); the rest pg's own. */
const directTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? BigInt : pg.types.getTypeParser(oid, format),
};

const directRowsOfAdapter = new WeakMap<object, DirectRows>();

/**
 * Client options for a service that owns one Postgres schema. `schema` makes Prisma's model queries name
 * it; `search_path` sends raw SQL (outbox relay, row locks) there too — without it raw queries silently
 * hit `public`.
 */
export function prismaClientOptions(database: DatabaseClientConfig, schema: string) {
  // Behind a pooler in transaction mode, two statements of one client may run on two server connections: a
  // statement prepared on one is unknown on the other (PgBouncer before 1.21 passes no prepared statements
  // through), and a startup `options` is refused, so the pooler's entry for the service sets search_path.
  const pooled = database.DATABASE_POOLER === 'transaction';
  const pool = statementErrorTolerantPool({
    connectionString: database.DATABASE_URL,
    max: database.DATABASE_POOL_SIZE,
    ...(pooled ? {} : { options: `-c search_path=${schema}` }),
  });
  const name = pooled ? unnamedStatements : statementNamer();
  const adapter = new PrismaPg(pool, { schema, statementNameGenerator: name, disposeExternalPool: true });
  directRowsOfAdapter.set(adapter, async <Row>(sql: string, ...values: unknown[]) => {
    const result = await pool.query({ name: name({ sql }), text: sql, values, types: directTypes });
    return result.rows as Row[];
  });
  return {
    adapter,
    transactionOptions: { maxWait: TRANSACTION_WAIT_MS, timeout: TRANSACTION_WAIT_MS },
  };
}

/**
 * Hot reads (`GET /api/me`, a pot's balances, the pot list) run straight on the pool of the client these
 * options made, named as Prisma names the same text: Prisma's query path (its interpreter, result mapping
 * and the promise chain around them) was a fifth of a service's CPU on a one-row read.
 * Same connections, same prepared statements, same error handling; no transaction.
 */
export function directRows(options: ReturnType<typeof prismaClientOptions>): DirectRows {
  const rows = directRowsOfAdapter.get(options.adapter);
  if (!rows) throw new Error('These client options were not made by prismaClientOptions');
  return rows;
}
