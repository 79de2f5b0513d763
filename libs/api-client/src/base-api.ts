import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** The slice of the host app's store the client reads: the in-memory access token (never persisted). */
export interface AccessTokenState {
  session: { accessToken: string | null };
}

/**
 * The header the generated endpoints send (named in the OpenAPI document, from contracts'
 * IDEMPOTENCY_KEY_HEADER; the SPA bundle does not import contracts' schemas).
 */
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Retries of an idempotent command after a lost answer: the same key, so it can never run twice. */
export const IDEMPOTENT_RETRY = { attempts: 3, firstDelayMs: 300, maxDelayMs: 3000 } as const;

const fetchJson = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as AccessTokenState).session.accessToken;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

type Args = Parameters<typeof fetchJson>[0];

function idempotencyKeyOf(args: Args): string | undefined {
  if (typeof args === 'string' || !args.headers) return undefined;
  return new Headers(args.headers as HeadersInit).get(IDEMPOTENCY_KEY_HEADER) ?? undefined;
}

/**
 * A command sent with an Idempotency-Key is tried again when its answer was lost (network failure), the
 * server could not answer (503), or the first try is still running (409): the key makes the repeat
 * harmless, and it waits as long as the server's Retry-After asks.
 */
const fetchWithIdempotentRetry: typeof fetchJson = async (args, api, extra) => {
  let result = await fetchJson(args, api, extra);
  if (!idempotencyKeyOf(args)) return result;
  for (let attempt = 1; attempt <= IDEMPOTENT_RETRY.attempts && result.error; attempt++) {
    const { status } = result.error;
    if (status !== 'FETCH_ERROR' && status !== 503 && status !== 409) break;
    const retryAfter = Number(result.meta?.response?.headers.get('Retry-After'));
    const delay =
      Number.isFinite(retryAfter) && retryAfter > 0
        ? retryAfter * 1000
        : IDEMPOTENT_RETRY.firstDelayMs * 2 ** (attempt - 1);
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, IDEMPOTENT_RETRY.maxDelayMs)));
    result = await fetchJson(args, api, extra);
  }
  return result;
};

/**
 * Hand-written root of the generated client. Same origin: the refresh cookie (HttpOnly, path /api/auth)
 * travels with `credentials: 'include'`; every other call carries the access token as a Bearer header.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchWithIdempotentRetry,
  endpoints: () => ({}),
});
