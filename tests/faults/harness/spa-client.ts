// A money command sent exactly as the SPA sends it: libs/api-client's base query tries a request that
// carries an Idempotency-Key again, with the same key, when no answer came (network failure), the server
// could not answer (503) or the first try is still running (409), up to IDEMPOTENT_RETRY.attempts more
// times, waiting the answer's Retry-After or else the doubling delay, capped. Nothing else is retried, so
// what fails here is what a user of the SPA would have seen fail.
import fs from 'node:fs';
import path from 'node:path';

import { api, type ApiResponse } from '../../support/api';

const BASE_QUERY = path.resolve(__dirname, '../../../libs/api-client/src/base-api.ts');

/**
 * The SPA's numbers, read from its source (tests may not import the web client): a change there applies
 * here, and a change of its shape stops the suite instead of testing a policy the SPA no longer has.
 */
function spaRetryPolicy(): { attempts: number; firstDelayMs: number; maxDelayMs: number } {
  const match = /IDEMPOTENT_RETRY = \{ attempts: (\d+), firstDelayMs: (\d+), maxDelayMs: (\d+) \}/.exec(
    fs.readFileSync(BASE_QUERY, 'utf8'),
  );
  if (!match)
    throw new Error(`IDEMPOTENT_RETRY not found in ${BASE_QUERY}: update spa-client.ts to its policy`);
  return { attempts: Number(match[1]), firstDelayMs: Number(match[2]), maxDelayMs: Number(match[3]) };
}
const IDEMPOTENT_RETRY = spaRetryPolicy();

export interface SpaOutcome<T> {
  /** The last answer, or null when the last try got none. */
  response: ApiResponse<T> | null;
  /** Why the last try got no answer. */
  error: string | null;
  /** Tries made (1: no retry was needed). */
  tries: number;
}

/** What the SPA's base query tries again: FETCH_ERROR, 503 and 409. */
const retried = (outcome: SpaOutcome<unknown>) =>
  outcome.response === null || outcome.response.status === 503 || outcome.response.status === 409;

export async function sendAsSpa<T>(
  path: string,
  init: { body: unknown; headers: Record<string, string> },
): Promise<SpaOutcome<T>> {
  const tryOnce = async (tries: number): Promise<SpaOutcome<T>> => {
    try {
      return { response: await api<T>(path, { method: 'POST', ...init }), error: null, tries };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { response: null, error: `${(error as Error).message}${cause ? ` (${cause})` : ''}`, tries };
    }
  };
  let outcome = await tryOnce(1);
  for (let attempt = 1; attempt <= IDEMPOTENT_RETRY.attempts && retried(outcome); attempt++) {
    const retryAfter = Number(outcome.response?.headers.get('Retry-After'));
    const delay =
      Number.isFinite(retryAfter) && retryAfter > 0
        ? retryAfter * 1000
        : IDEMPOTENT_RETRY.firstDelayMs * 2 ** (attempt - 1);
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, IDEMPOTENT_RETRY.maxDelayMs)));
    outcome = await tryOnce(attempt + 1);
  }
  return outcome;
}
