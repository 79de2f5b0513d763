import { z } from 'zod';

import { redisUrlProblem } from '../redis/redis-url';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '../shutdown';

/**
 * Validates the environment once at boot. A bad value stops the process with every offending variable
 * named, instead of failing later in the middle of a request. In production every app also refuses
 * secrets anyone can know (see publicSecretProblems), whether or not its schema asks for it.
 */
export function loadConfig<Schema extends z.ZodType>(
  schema: Schema,
  env: Record<string, string | undefined>,
): Readonly<z.infer<Schema>> {
  const parsed = schema.safeParse(env);
  const issues = parsed.success
    ? publicSecretProblems(parsed.data as Record<string, unknown>).map(({ key, message }) => ({
        path: [key],
        message,
      }))
    : parsed.error.issues;
  if (!parsed.success || issues.length > 0) {
    const lines = issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(parsed.data);
}

/** Settings every Kitty process shares. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
  /**
   * redis://, or rediss:// for TLS (a private CA goes in NODE_EXTRA_CA_CERTS); a Redis Cluster is
   * redis+cluster://host:port,host:port (rediss+cluster:// for TLS).
   */
  REDIS_URL: z
    .string()
    .default('redis://127.0.0.1:6379')
    .superRefine((url, context) => {
      const problem = redisUrlProblem(url);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  HTTP_PORT: z.coerce.number().int().min(1).max(65535),
  /** BullMQ key prefix; separate stacks on one Redis use different prefixes. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('kitty'),
  /** How long SIGTERM may take to drain in-flight work; with the preStop pause it must fit the pod's grace. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(DEFAULT_SHUTDOWN_GRACE_MS),
});

/** Settings of a service that owns a Postgres schema. */
export const databaseConfigSchema = z.object({
  /**
   * libpq's URL: TLS with `sslmode=verify-full&sslrootcert=<CA file>` (node-postgres reads both; it also
   * treats `require` as `verify-full`, so a certificate is always checked).
   */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'Use a postgresql:// URL.' })
    .default('postgresql://postgres@127.0.0.1:5432/kitty'),
  /**
   * Connections one process keeps at most (node-postgres's 10 by default). Size it to the database's cores
   * over every process sharing it: more statements at once than cores only queue inside Postgres, where
   * waiting costs CPU. The local stack (7 apps on 2 cores) uses 5 (Postgres's CPU per card
   * decision measured 5.0–5.6 ms with 10, 3.7 with 5).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  /**
   * `transaction`: DATABASE_URL is a pooler in transaction mode (PgBouncer), whose database entry for this
   * service sets its search_path (docs/scaling.md#a-postgres-pooler). `none`: Postgres itself.
   */
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
});
export type DatabaseConfig = z.infer<typeof databaseConfigSchema>;
/** What a database client needs of it: no pooler unless said. */
export type DatabaseClientConfig = Omit<DatabaseConfig, 'DATABASE_POOLER'> &
  Partial<Pick<DatabaseConfig, 'DATABASE_POOLER'>>;

/** Stands in for secrets outside production so `npm start` works with no setup; refused in production. */
export const DEVELOPMENT_SECRET = 'development-only-secret-never-use-in-production';

/**
 * Secret values that are public because they were committed to this repository (the development stand-in,
 * docker-compose.yml's former local defaults): whoever read the repository could sign tokens or log in as
 * an operator with them, so production refuses them wherever they appear.
 */
export const KNOWN_SECRETS: readonly string[] = [
  DEVELOPMENT_SECRET,
  'compose-local-secret-change-me-0123456789',
  'compose-local-operator-password-change-me',
  'whsec_compose-local-secret-change-me-0123456789',
  // The local Stripe sandbox's key (infra/dev-stack, docker-compose.yml).
  'sk_test_kitty_sandbox',
];

/** Database, Redis and SMTP passwords committed to this repository (docker-compose.yml's Postgres). */
const KNOWN_URL_PASSWORDS: readonly string[] = ['kitty', 'postgres', 'redis'];

/** Names of settings that hold credentials. */
const SECRET_SETTING = /SECRET|PASSWORD|TOKEN|_KEY$/;
/** What a placeholder looks like: someone's "fill this in", never a generated secret. */
const PLACEHOLDER =
  /change[-_ ]?me|changeit|default|development|dev[-_]?only|example|placeholder|password|not[-_]?secret|sandbox/i;

export const secret = () => z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_SECRET);

/** The password inside a URL setting (`postgresql://user:password@host/db`), if any. */
function urlPassword(value: string): string | undefined {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/@:]*:([^/@]*)@/i.exec(value);
  return match ? decodeURIComponent(match[1]) : undefined;
}

/**
 * The settings of a production config that hold a secret anyone can know: the development stand-in, a
 * value published in this repository, a credential setting that still holds a placeholder, or a URL with
 * a committed password. Empty outside production.
 */
export function publicSecretProblems(config: Record<string, unknown>): { key: string; message: string }[] {
  if (config['NODE_ENV'] !== 'production') return [];
  const problems: { key: string; message: string }[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (typeof value !== 'string') continue;
    const password = urlPassword(value);
    if (value === DEVELOPMENT_SECRET) problems.push({ key, message: 'must be set in production' });
    else if (KNOWN_SECRETS.includes(value))
      problems.push({
        key,
        message: 'is a publicly known value (committed to the repository); set a secret of your own',
      });
    else if (SECRET_SETTING.test(key) && PLACEHOLDER.test(value))
      problems.push({ key, message: 'looks like a placeholder or default; set a randomly generated secret' });
    else if (password !== undefined && (KNOWN_URL_PASSWORDS.includes(password) || PLACEHOLDER.test(password)))
      problems.push({ key, message: 'carries a publicly known password; use one of your own' });
  }
  return problems;
}

/** Fails boot when a production process would run on a secret anyone can know (publicSecretProblems). */
export function refuseDevelopmentSecretsInProduction(config: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const { key, message } of publicSecretProblems(config))
    ctx.addIssue({ code: 'custom', path: [key], message });
}

/** A comma-separated list setting (`a, b,c` → ['a', 'b', 'c']); empty or unset → []. */
export const commaSeparated = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  );
