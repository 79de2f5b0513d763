import { createHash } from 'node:crypto';

import { ProblemError } from '../errors';

/**
 * The id of what a command creates, derived from the caller's Idempotency-Key (ADR 0011): the same user,
 * kind and key always give the same id, so a command delivered again — a retry after a lost answer —
 * lands on the row the first delivery made instead of making a second one. A UUID (version 8, the
 * RFC 9562 layout for custom ids) of the SHA-256 of the three.
 */
export function idFromIdempotencyKey(kind: string, userId: string, key: string): string {
  const bytes = createHash('sha256').update(`${kind}\0${userId}\0${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Postgres' unique violation, as Prisma reports it (a concurrent delivery created the row first). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'P2002';
}

/** For `.catch`: a concurrent delivery of the same command made the row (unique violation); else rethrows. */
export function madeByConcurrentDelivery(error: unknown): void {
  if (!isUniqueViolation(error)) throw error;
}

/** The same Idempotency-Key sent with a different request (RFC draft: 422). */
export const idempotencyKeyReused = () =>
  ProblemError.of(
    422,
    'Idempotency-Key reused',
    'This Idempotency-Key was already used for a different request.',
  );
