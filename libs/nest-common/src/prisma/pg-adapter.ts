import { PrismaPg } from '@prisma/adapter-pg';

/**
 * Waits for a pooled connection and runs a transaction for up to this long. Writers of one pot (or one
 * ledger account) queue on its row lock while holding a connection, so a burst must be able to wait.
 */
const TRANSACTION_WAIT_MS = 10_000;

/**
 * Client options for a service that owns one Postgres schema. `schema` makes Prisma's model queries name
 * it; `search_path` sends raw SQL (outbox relay, row locks) there too — without it raw queries silently
 * hit `public`.
 */
export function prismaClientOptions(connectionString: string, schema: string) {
  return {
    adapter: new PrismaPg({ connectionString, options: `-c search_path=${schema}` }, { schema }),
    transactionOptions: { maxWait: TRANSACTION_WAIT_MS, timeout: TRANSACTION_WAIT_MS },
  };
}
