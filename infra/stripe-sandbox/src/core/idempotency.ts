import { Collection } from '../store/collection';
import { SandboxStore } from '../store/store';
import { Clock } from './clock';
import { StripeApiError } from './stripe-error';

/** Stripe keeps idempotency keys for at least 24 hours. */
const KEY_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

interface IdempotencyRecord {
  /** Scope (API key and connected account) plus the client's key. */
  id: string;
  /** Method, path and canonical parameters of the first request. */
  fingerprint: string;
  requestId: string;
  statusCode: number;
  body: string;
  createdAt: number;
}

export type IdempotencyDecision =
  { kind: 'execute' } | { kind: 'replay'; statusCode: number; body: string; originalRequestId: string };

/**
 * Stripe's idempotent requests: the same key with the same parameters answers the stored response
 * (`Idempotent-Replayed: true`); the same key with different parameters or another endpoint is a 400
 * `idempotency_error`; a key whose first request is still running is a 409. Only successful responses are
 * kept, so a request that failed validation can be corrected and retried under the same key.
 */
export class IdempotencyKeys {
  private readonly records: Collection<IdempotencyRecord>;
  private readonly inFlight = new Map<string, string>();

  constructor(
    store: SandboxStore,
    private readonly clock: Clock,
  ) {
    this.records = store.collection<IdempotencyRecord>('idempotency_keys', { objectName: 'idempotency key' });
  }

  begin(scopedKey: string, clientKey: string, fingerprint: string): IdempotencyDecision {
    if (clientKey.length > MAX_KEY_LENGTH) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters.`,
      });
    }
    const stored = this.records.get(scopedKey);
    if (stored && this.clock.now() - stored.createdAt < KEY_TTL_MS) {
      if (stored.fingerprint !== fingerprint) throw mismatch(clientKey);
      return {
        kind: 'replay',
        statusCode: stored.statusCode,
        body: stored.body,
        originalRequestId: stored.requestId,
      };
    }
    const running = this.inFlight.get(scopedKey);
    if (running !== undefined) {
      if (running !== fingerprint) throw mismatch(clientKey);
      throw new StripeApiError(409, {
        type: 'idempotency_error',
        message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${clientKey}. Please try again later.`,
      });
    }
    this.inFlight.set(scopedKey, fingerprint);
    return { kind: 'execute' };
  }

  complete(scopedKey: string, requestId: string, statusCode: number, body: string): void {
    const fingerprint = this.inFlight.get(scopedKey);
    this.inFlight.delete(scopedKey);
    if (fingerprint === undefined || statusCode < 200 || statusCode >= 300) return;
    this.records.insert({
      id: scopedKey,
      fingerprint,
      requestId,
      statusCode,
      body,
      createdAt: this.clock.now(),
    });
  }

  /** Lets go of a key whose request ended without a response body to keep (aborted, or already completed). */
  release(scopedKey: string): void {
    this.inFlight.delete(scopedKey);
  }

  /** Forgets keys older than Stripe's retention. */
  prune(): void {
    const cutoff = this.clock.now() - KEY_TTL_MS;
    for (const record of this.records.all()) if (record.createdAt < cutoff) this.records.delete(record.id);
  }
}

const mismatch = (clientKey: string) =>
  new StripeApiError(400, {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${clientKey}' if you meant to execute a different request.`,
  });
