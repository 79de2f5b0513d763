// Against the real Postgres, the client's connection handling (libs/nest-common/src/prisma/pg-adapter.ts):
// each statement is prepared once per connection, and a statement's error does not cost the connection.
import { openPaymentsDatabase, type PaymentsDatabase } from './testing/database';

describe('prepared statements (PostgreSQL)', () => {
  let database: PaymentsDatabase;

  beforeAll(() => {
    database = openPaymentsDatabase();
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it('prepares a statement on its first run on a connection and reuses it after', async () => {
    const marker = `spec_${Date.now()}`;
    // One transaction holds one connection, whose prepared statements pg_prepared_statements lists.
    const prepared = await database.prisma.$transaction(async (tx) => {
      for (let run = 0; run < 3; run += 1) {
        await tx.$queryRawUnsafe(`SELECT $1::text AS ${marker}`, 'x');
        await tx.ledgerAccount.findMany({ where: { id: marker } });
      }
      return tx.$queryRawUnsafe<{ statement: string }[]>(
        'SELECT statement FROM pg_prepared_statements ORDER BY prepare_time',
      );
    });
    const statements = prepared.map((row) => row.statement);
    expect(statements.filter((sql) => sql.includes(`AS ${marker}`))).toHaveLength(1);
    expect(statements.filter((sql) => /FROM "payments"\."ledger_accounts"/.test(sql))).toHaveLength(1);
    expect(statements.some((sql) => sql.includes('FROM pg_prepared_statements'))).toBe(true);
  });

  const backend = async () =>
    (await database.prisma.$queryRawUnsafe<{ pid: number }[]>('SELECT pg_backend_pid() AS pid'))[0].pid;

  it('keeps the connection after a statement fails outside a transaction', async () => {
    // The pool hands out its most recently released connection: one caller at a time sees the same one.
    const before = await backend();
    await expect(database.prisma.$queryRawUnsafe(`SELECT 1 / 0`)).rejects.toThrow(/division by zero/);
    await expect(
      database.prisma.$executeRawUnsafe(`INSERT INTO stripe_events (id, type) VALUES ('k', 'a'), ('k', 'b')`),
    ).rejects.toThrow(/23505|unique/i);
    expect(await backend()).toBe(before);
  });

  it('replaces a connection the server ended, and runs the next statement on a new one', async () => {
    const before = await backend();
    await expect(
      database.prisma.$queryRawUnsafe('SELECT pg_terminate_backend(pg_backend_pid())'),
    ).rejects.toThrow();
    expect(await backend()).not.toBe(before);
  });

  it('recovers a statement whose table a migration changed under it: one failure, then a new connection', async () => {
    const { prisma } = database;
    await prisma.$executeRawUnsafe('CREATE TABLE plan_spec (id int)');
    await prisma.$executeRawUnsafe('INSERT INTO plan_spec VALUES (1)');
    const read = () => prisma.$queryRawUnsafe<unknown[]>('SELECT * FROM plan_spec');
    await read();
    const before = await backend();
    await prisma.$executeRawUnsafe('ALTER TABLE plan_spec ADD COLUMN note text');
    // The prepared statement's rows would change shape: Postgres refuses to run it on that connection.
    await expect(read()).rejects.toThrow(/cached plan must not change result type/);
    await expect(read()).resolves.toEqual([{ id: 1, note: null }]);
    expect(await backend()).not.toBe(before);
  });
});
