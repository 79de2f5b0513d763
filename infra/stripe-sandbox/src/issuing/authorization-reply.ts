import type { HttpAnswer, Reading } from '../webhooks/webhook-delivery.service';

/** A reply Stripe would act on: the decision and what it may carry. */
export interface AuthorizationReply {
  approved: boolean;
  /** How much to hold; Stripe uses it only when `pending_request.is_amount_controllable` (never here). */
  amount: number | null;
  metadata: Record<string, string>;
}

/** A Stripe API version as Stripe writes them: `2026-10-28.endive`, or a date alone for older ones. */
const API_VERSION = /^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/;

const refused = (message: string): Reading<AuthorizationReply> => ({ ok: false, message });

/**
 * Reads a reply the way Stripe's real-time authorisation documents it: status 200, a `Stripe-Version`
 * header (required), `Content-Type` application/json when given (the only type accepted), and a JSON object
 * with a boolean `approved`, an optional positive integer `amount` and optional string `metadata`. Anything
 * else is a webhook error (Stripe records `webhook_error` with a `reason_message` and falls back to its
 * default, a decline here), so a reply that works only against the sandbox cannot pass.
 */
export function readAuthorizationReply(response: HttpAnswer): Reading<AuthorizationReply> {
  if (response.status !== 200) return refused(`The endpoint answered HTTP ${response.status}, not 200.`);
  const version = response.headers['stripe-version'];
  if (version === undefined) return refused('The response has no Stripe-Version header.');
  if (!API_VERSION.test(version.trim())) return refused(`Stripe-Version '${version}' is not an API version.`);
  const contentType = response.headers['content-type'];
  if (contentType !== undefined && contentType.split(';')[0].trim().toLowerCase() !== 'application/json') {
    return refused(`Content-Type '${contentType}' is not application/json.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return refused('The response body is not JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return refused('The response body is not a JSON object.');
  }
  const { approved, amount, metadata } = body as Record<string, unknown>;
  if (typeof approved !== 'boolean') return refused("The response has no boolean 'approved'.");
  if (amount !== undefined && !(Number.isInteger(amount) && (amount as number) > 0)) {
    return refused("'amount' must be a positive integer.");
  }
  if (metadata !== undefined && !isStringRecord(metadata)) {
    return refused("'metadata' must be a set of string key-value pairs.");
  }
  return {
    ok: true,
    value: { approved, amount: (amount as number | undefined) ?? null, metadata: metadata ?? {} },
  };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}
