import {
  baseConfigSchema,
  databaseConfigSchema,
  loadConfig,
  refuseDevelopmentSecretsInProduction,
  secret,
} from '@kitty/nest-common';
import { z } from 'zod';

export const authConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().default(3101),
    JWT_ACCESS_SECRET: secret(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
    /** Failed sign-ins per account within the window before the account is locked for the rest of it. */
    SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    SIGN_IN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    /**
     * How long the refresh token just rotated away may still be presented and get the session back instead
     * of counting as a replay: covers a response lost to a reload or a slow network (ADR 0012).
     */
    REFRESH_REUSE_WINDOW_SECONDS: z.coerce.number().int().min(0).max(300).default(45),
    /** Refreshes per session (token family) per minute: a reload costs one, so this only stops a loop or a thief. */
    REFRESH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  })
  .superRefine(refuseDevelopmentSecretsInProduction);

export type AuthConfig = z.infer<typeof authConfigSchema>;
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

export const loadAuthConfig = () => loadConfig(authConfigSchema, process.env);
