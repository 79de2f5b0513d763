/** Stripe's error `type`s that the sandbox produces. */
export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}

/**
 * An error answered in Stripe's shape, `{ error: { type, code, message, param } }`, with Stripe's HTTP status.
 * The SDK picks its error class from the status (400/404 invalid request, 401 authentication, 402 card,
 * 409 conflict) and from `type` (`idempotency_error`).
 */
export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }

  toJSON(): { error: StripeErrorBody } {
    return { error: this.body };
  }
}

export const invalidRequest = (message: string, extra: Omit<StripeErrorBody, 'type' | 'message'> = {}) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...extra });

/** `objectName` as Stripe names it in messages: `checkout.session`, `payout`, `event`. */
export const resourceMissing = (objectName: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${objectName}: '${id}'`,
  });

export const unrecognisedUrl = (method: string, url: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${url}). The Kitty Stripe sandbox implements a subset of the API: see docs/stripe-sandbox.md.`,
  });

export const authenticationRequired = () =>
  new StripeApiError(401, {
    type: 'invalid_request_error',
    message:
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
  });

export const invalidApiKey = (key: string) =>
  new StripeApiError(401, {
    type: 'invalid_request_error',
    code: 'api_key_invalid',
    message: `Invalid API Key provided: ${maskKey(key)}. The sandbox accepts any test secret key (sk_test_…).`,
  });

export const internalError = () =>
  new StripeApiError(500, { type: 'api_error', message: 'An unknown error occurred in the Stripe sandbox.' });

/** Stripe shows only the start and the last four characters of a rejected key. */
function maskKey(key: string): string {
  if (key.length <= 12) return '*'.repeat(key.length);
  return `${key.slice(0, 8)}${'*'.repeat(Math.min(key.length - 12, 20))}${key.slice(-4)}`;
}
