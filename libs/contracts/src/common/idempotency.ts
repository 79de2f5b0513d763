import { z } from 'zod';

/**
 * Idempotency of money-moving HTTP commands (IETF draft-ietf-httpapi-idempotency-key-header, with
 * Stripe's semantics): the client sends a fresh key per user action and the same key on its own retries;
 * the same key with the same request replays the first answer, with another request is refused.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on a response that replays the stored answer of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key's answer is kept (and so how long a retry may come): at least a day, as Stripe does. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;

/** 1–255 visible ASCII characters (a UUID in practice). */
export const IdempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'must be 1–255 visible ASCII characters');
