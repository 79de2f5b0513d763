import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Where a request id travels inside a job's data and an outbox row's payload. The queue worker takes it out
 * again before a handler sees the data, so job schemas stay strict.
 */
export const JOB_REQUEST_ID_KEY = '_requestId';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** A caller's id is kept when it is short and plain (it ends up in logs and headers); otherwise a new one. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(incoming: unknown): string {
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The id of the request (HTTP, RPC or job) this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `fn` (and everything it starts asynchronously) on behalf of request `requestId`. */
export function runWithRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestId ? storage.run({ requestId }, fn) : fn();
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Job data or an outbox payload stamped with the current request id; unchanged outside a request or when
 * already stamped (a relayed outbox row keeps the id of the request that wrote it).
 */
export function withRequestId<Data>(data: Data): Data {
  const requestId = currentRequestId();
  if (!requestId || !isPlainObject(data) || JOB_REQUEST_ID_KEY in data) return data;
  return { ...data, [JOB_REQUEST_ID_KEY]: requestId };
}

/** Splits job data into what the handler may see and the request id it was stamped with. */
export function takeRequestId(data: unknown): { data: unknown; requestId?: string } {
  if (!isPlainObject(data) || typeof data[JOB_REQUEST_ID_KEY] !== 'string') return { data };
  const { [JOB_REQUEST_ID_KEY]: requestId, ...rest } = data;
  return { data: rest, requestId: requestId as string };
}
