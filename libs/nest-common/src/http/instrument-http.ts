import type { IncomingHttpHeaders } from 'node:http';

import type { FastifyInstance } from 'fastify';

import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from '../context';
import { logAccess } from '../logging/logger.module';
import { httpRequestDuration } from '../metrics';

/** Fastify's request id: the caller's `x-request-id` when it is sane, a fresh UUID otherwise. */
export const genReqId = (req: { headers: IncomingHttpHeaders }): string =>
  requestIdFrom(req.headers[REQUEST_ID_HEADER]);

/**
 * Every request runs in its request-id context (so logs, RPC calls and jobs it starts carry the id),
 * answers with the id in `x-request-id`, and is timed and logged (one access line) by route template.
 */
export function instrumentHttp(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runWithRequestId(request.id, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        // The template, not the URL: ids in paths would make one series per resource.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    logAccess(request, reply);
    done();
  });
}
