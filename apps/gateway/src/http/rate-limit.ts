/**
 * Route config that opts a route into the per-client-IP limit (AUTH_RATE_LIMIT_PER_MINUTE, counted in
 * Redis). Used on the public forms (contact, client events).
 */
export const RATE_LIMITED = { rateLimit: {} };

/**
 * Per-client-IP ceiling of the auth routes. Generous on purpose: an office, a university or a mobile
 * carrier puts thousands of people behind one address, and every page load refreshes the session. The
 * limits that matter are in the auth service: failed sign-ins per account, refreshes per session
 * (token family). This only stops one address flooding the routes.
 */
export const AUTH_IP_CEILING_PER_MINUTE = 600;
export const AUTH_RATE_LIMITED = { rateLimit: { max: AUTH_IP_CEILING_PER_MINUTE, timeWindow: '1 minute' } };
