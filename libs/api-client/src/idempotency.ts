/**
 * One Idempotency-Key per user action: the same key while the user (or the client) retries the same
 * request, a fresh one once that action has a final answer or the request changes.
 */
export class IdempotencyKeys {
  private current: { request: string; key: string } | null = null;

  keyFor(request: unknown): string {
    const fingerprint = JSON.stringify(request);
    if (this.current?.request !== fingerprint)
      this.current = { request: fingerprint, key: newIdempotencyKey() };
    return this.current.key;
  }

  /** The action succeeded or was refused for good: the next one is a new action. */
  settle(): void {
    this.current = null;
  }
}

/** A random UUID; crypto.randomUUID needs a secure context, so plain-http LAN addresses get the same by hand. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
