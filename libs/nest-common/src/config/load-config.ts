import { z } from 'zod';

import { DEFAULT_SHUTDOWN_GRACE_MS } from '../shutdown';

/**
 * Validates the environment once at boot. A bad value stops the process with every offending variable
 * named, instead of failing later in the middle of a request.
 */
export function loadConfig<Schema extends z.ZodType>(
  schema: Schema,
  env: Record<string, string | undefined>,
): Readonly<z.infer<Schema>> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(parsed.data);
}

/** Settings every Kitty process shares. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
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
  DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/kitty'),
});

/** Stands in for secrets outside production so `npm start` works with no setup; refused in production. */
export const DEVELOPMENT_SECRET = 'development-only-secret-never-use-in-production';

export const secret = () => z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_SECRET);

/** Fails boot when a production process would run on the development stand-in of a secret. */
export function refuseDevelopmentSecretsInProduction(config: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (config['NODE_ENV'] !== 'production') return;
  for (const [key, value] of Object.entries(config)) {
    if (value === DEVELOPMENT_SECRET)
      ctx.addIssue({ code: 'custom', path: [key], message: 'must be set in production' });
  }
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
