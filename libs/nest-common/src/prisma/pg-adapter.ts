import { PrismaPg } from '@prisma/adapter-pg';

/**
 * The driver adapter for a service that owns one Postgres schema. `schema` makes Prisma's model queries
 * name it; `search_path` sends raw SQL (outbox relay, row locks) there too — without it raw queries
 * silently hit `public`.
 */
export function schemaScopedAdapter(connectionString: string, schema: string): PrismaPg {
  return new PrismaPg({ connectionString, options: `-c search_path=${schema}` }, { schema });
}
