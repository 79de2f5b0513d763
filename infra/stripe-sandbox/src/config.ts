import Stripe from 'stripe';
import { z } from 'zod';

const milliseconds = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
/**
 * A comma-separated list setting (`a, b,c` → ['a', 'b', 'c']); empty or unset → []. Kept here rather than
 * taken from the services' Nest library: loading that library loads NestJS, three times the sandbox's start.
 */
const commaSeparated = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  );
/**
 * The sandbox's whole configuration, read from the environment once at boot. A development tool that must
 * never stand in for Stripe in production, so `NODE_ENV=production` stops it.
 */
export const sandboxConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Falls back to HTTP_PORT, which the dev-stack launcher sets for every app it starts. */
    SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
    /** Base of the hosted pay page URLs handed out in `checkout.session.url`; default http://localhost:<port>. */
    SANDBOX_PUBLIC_URL: z.url().optional(),
    /** Comma-separated endpoints that receive every event (e.g. the gateway's /api/webhooks/stripe). */
    SANDBOX_WEBHOOK_URLS: commaSeparated.pipe(z.array(z.url())),
    /** Comma-separated event types delivered to the endpoints (Stripe's `enabled_events`); empty = all. */
    SANDBOX_WEBHOOK_EVENTS: commaSeparated,
    SANDBOX_WEBHOOK_SECRET: z.string().min(1).default('whsec_sandbox'),
    /**
     * Comma-separated Connect endpoints: events on connected accounts (`account` set) go there, signed with
     * SANDBOX_CONNECT_WEBHOOK_SECRET. Empty: they go to SANDBOX_WEBHOOK_URLS.
     */
    SANDBOX_CONNECT_WEBHOOK_URLS: commaSeparated.pipe(z.array(z.url())),
    SANDBOX_CONNECT_WEBHOOK_SECRET: z.string().min(1).default('whsec_sandbox_connect'),
    SANDBOX_WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
    /** First retry delay; each further retry doubles it, up to SANDBOX_WEBHOOK_RETRY_MAX_MS. */
    SANDBOX_WEBHOOK_RETRY_BASE_MS: milliseconds(1000),
    SANDBOX_WEBHOOK_RETRY_MAX_MS: milliseconds(60_000),
    SANDBOX_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
    /** Delay before a Bacs Direct Debit payment succeeds or fails (`checkout.session.async_payment_*`). */
    SANDBOX_ASYNC_PAYMENT_DELAY_MS: milliseconds(3000),
    /** Delay before a payout turns `paid` or `failed` (it is `in_transit` for the second half). */
    SANDBOX_PAYOUT_DELAY_MS: milliseconds(2000),
    /** Delay, after `paid`, before the bank returns a payout to a returning test destination (`failed`). */
    SANDBOX_PAYOUT_RETURN_DELAY_MS: milliseconds(10_000),
    /**
     * Delay from a connected account's complete details (and accepted terms) to the end of Stripe's
     * verification: its capabilities are `pending` until then, `active` after.
     */
    SANDBOX_VERIFICATION_DELAY_MS: milliseconds(1000),
    /**
     * The API version of the webhook endpoints: Stripe renders every event it delivers to an endpoint with
     * the endpoint's version (here only the `api_version` field changes; the shapes are the SDK's).
     */
    SANDBOX_WEBHOOK_API_VERSION: z.string().min(1).default(Stripe.API_VERSION),
    /** How often open sessions past `expires_at` are expired. */
    SANDBOX_EXPIRY_SWEEP_MS: z.coerce.number().int().min(10).default(5000),
    /** When set, state is kept in <dir>/state.json across restarts; otherwise it lives in memory only. */
    SANDBOX_DATA_DIR: z.string().min(1).optional(),
    /** When set, every API exchange and webhook delivery is appended to this JSON-lines file (tests). */
    SANDBOX_TRAFFIC_FILE: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['NODE_ENV'],
        message: 'the Stripe sandbox never runs in production',
      });
    }
    if (env.SANDBOX_WEBHOOK_RETRY_MAX_MS < env.SANDBOX_WEBHOOK_RETRY_BASE_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['SANDBOX_WEBHOOK_RETRY_MAX_MS'],
        message: 'must be at least SANDBOX_WEBHOOK_RETRY_BASE_MS',
      });
    }
  })
  .transform((env) => {
    const port = env.SANDBOX_PORT ?? env.HTTP_PORT ?? 12111;
    return {
      logLevel: env.LOG_LEVEL,
      port,
      host: env.SANDBOX_HOST,
      /** null: derived from the bound address once listening (port 0 in tests). */
      publicUrl:
        (env.SANDBOX_PUBLIC_URL ?? (port === 0 ? null : `http://localhost:${port}`))?.replace(/\/+$/, '') ??
        null,
      webhooks: {
        urls: env.SANDBOX_WEBHOOK_URLS,
        enabledEvents: env.SANDBOX_WEBHOOK_EVENTS,
        secret: env.SANDBOX_WEBHOOK_SECRET,
        connectUrls: env.SANDBOX_CONNECT_WEBHOOK_URLS,
        connectSecret: env.SANDBOX_CONNECT_WEBHOOK_SECRET,
        maxAttempts: env.SANDBOX_WEBHOOK_MAX_ATTEMPTS,
        retryBaseMs: env.SANDBOX_WEBHOOK_RETRY_BASE_MS,
        retryMaxMs: env.SANDBOX_WEBHOOK_RETRY_MAX_MS,
        timeoutMs: env.SANDBOX_WEBHOOK_TIMEOUT_MS,
        apiVersion: env.SANDBOX_WEBHOOK_API_VERSION,
      },
      asyncPaymentDelayMs: env.SANDBOX_ASYNC_PAYMENT_DELAY_MS,
      payoutDelays: {
        settlementMs: env.SANDBOX_PAYOUT_DELAY_MS,
        returnMs: env.SANDBOX_PAYOUT_RETURN_DELAY_MS,
      },
      verificationDelayMs: env.SANDBOX_VERIFICATION_DELAY_MS,
      expirySweepMs: env.SANDBOX_EXPIRY_SWEEP_MS,
      dataDir: env.SANDBOX_DATA_DIR ?? null,
      trafficFile: env.SANDBOX_TRAFFIC_FILE ?? null,
    };
  });

export type SandboxConfig = z.output<typeof sandboxConfigSchema>;

/** Validates the environment; a bad value stops the process with every offending variable named. */
export function loadSandboxConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<SandboxConfig> {
  const parsed = sandboxConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new Error(`Invalid stripe-sandbox configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(parsed.data);
}
