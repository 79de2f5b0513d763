/**
 * Route config that opts a route into the per-client-IP limit (AUTH_RATE_LIMIT_PER_MINUTE, counted in
 * Redis). Used on the auth routes and the public forms; the per-account sign-in throttle lives in auth.
 */
export const RATE_LIMITED = { rateLimit: {} };
