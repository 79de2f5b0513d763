import type { CallerContext } from '@kitty/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The caller as the gateway sees it. `request.ip` already honours X-Forwarded-For, but only when the
 * socket peer is one of the configured trusted proxies (Fastify `trustProxy`).
 */
export function callerOf(request: FastifyRequest): CallerContext {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent']?.slice(0, 512) ?? null };
}
