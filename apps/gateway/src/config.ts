import {
  baseConfigSchema,
  commaSeparated,
  databaseConfigSchema,
  loadConfig,
  refuseDevelopmentSecretsInProduction,
  secret,
} from '@kitty/nest-common';
import { z } from 'zod';

export const gatewayConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().default(3000),
    /**
     * The operator surface (bull-board, the gateway's /metrics): a port of its own that no Ingress or
     * published compose port reaches, so the public entry point has no operator routes at all.
     */
    OPS_HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
    JWT_ACCESS_SECRET: secret(),
    /** The SPA's origin, allowed by CORS (credentials included). */
    WEB_ORIGIN: z.url().default('http://localhost:3000'),
    /** Built SPA to serve at `/`; empty when the web app is served elsewhere (nginx, CDN). */
    WEB_DIST_DIR: z.string().default(''),
    /** Proxies (IPs or CIDRs) whose X-Forwarded-For is believed; empty = use the socket address. */
    TRUSTED_PROXIES: commaSeparated,
    /** Requests per minute per client IP on each auth route. */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** The operator login of the queue dashboard and /metrics (never a user account); the password has no production default. */
    OPS_USERNAME: z.string().min(1).default('ops'),
    OPS_PASSWORD: secret(),
    /** Verifies Stripe's webhook signatures (`whsec_…` of the endpoint; locally shared with the sandbox). */
    STRIPE_WEBHOOK_SECRET: secret(),
    /**
     * Verifies the Connect endpoint's deliveries (/api/webhooks/stripe/connect): events of connected
     * accounts, such as payouts to users' banks, signed with that endpoint's own `whsec_…`.
     */
    STRIPE_CONNECT_WEBHOOK_SECRET: secret(),
    COOKIE_SECURE: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
  })
  .superRefine(refuseDevelopmentSecretsInProduction)
  .refine((config) => config.OPS_HTTP_PORT !== config.HTTP_PORT, {
    path: ['OPS_HTTP_PORT'],
    message: 'must differ from HTTP_PORT: the operator surface never shares the public port',
  });

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export const loadGatewayConfig = () => loadConfig(gatewayConfigSchema, process.env);
