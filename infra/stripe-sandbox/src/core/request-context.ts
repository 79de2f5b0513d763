/** What the API layer knows about the request that caused a change (carried into `event.request`). */
export interface RequestContext {
  requestId: string;
  idempotencyKey: string | null;
  /** The `Stripe-Account` header (Connect); null for the platform itself. */
  account: string | null;
}
