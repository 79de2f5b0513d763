import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoggerModule } from 'nestjs-pino';
import { destination as fileDestination, type DestinationStream, type Logger, pino } from 'pino';

import { currentRequestId } from '../context';
import { redactUrl } from '../http/redact-url';

/** What an access line says of a request: no headers (a header dump was most of the log's volume). */
interface LoggedRequest {
  method?: string;
  url?: string;
}

/** The process's logger, once loggerModule has made it: the access line (see logAccess) is written with it. */
let processLogger: Logger | undefined;

/**
 * JSON logs (pino) carrying the request id; secrets and credentials are redacted wherever they appear.
 * Lines go to stdout unless `destination` is given (tests read them back). Stdout is written
 * asynchronously: lines logged while a write is under way go out together in the next one, where a
 * synchronous write per line was a system call per request (pino flushes what is left on exit).
 * Nest's logger writes through it; the access line is written by logAccess, not by pino-http's middleware,
 * whose per-request child logger cost ≈ 6 % of the gateway's CPU.
 */
export function loggerModule(level: string, service: string, destination?: DestinationStream) {
  const logger = pino(
    {
      level,
      base: { service },
      redact: {
        paths: ['*.password', '*.refreshToken', '*.accessToken'],
        censor: '[redacted]',
      },
      // Invitation links carry their token in the path (/api/invitations/<token>): the access log must not.
      serializers: {
        req: (req: LoggedRequest): LoggedRequest => ({
          method: req.method,
          ...(typeof req.url === 'string' && { url: redactUrl(req.url) }),
        }),
      },
      // Every line written while serving a request, an RPC message or a job names that request.
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    destination ?? fileDestination({ dest: 1, sync: false }),
  );
  processLogger = logger;
  // No routes: the module's pino-http middleware is not mounted (see logAccess).
  return LoggerModule.forRoot({ pinoHttp: { logger }, forRoutes: [] });
}

/** Probes and scrapes, which would otherwise be most of the lines. */
const UNLOGGED_URLS = new Set(['/health', '/metrics']);

/**
 * One concise access line per request: method, redacted URL, route template, status, duration, request id
 * and, once the gateway's JWT guard has set it on the raw request, the caller's user id.
 */
export function logAccess(request: FastifyRequest, reply: FastifyReply): void {
  if (!processLogger || UNLOGGED_URLS.has(request.url)) return;
  const { userId } = request.raw as { userId?: unknown };
  processLogger[reply.statusCode >= 500 ? 'error' : 'info'](
    {
      req: { method: request.method, url: request.url },
      route: request.routeOptions.url ?? 'unmatched',
      ...(typeof userId === 'string' && { userId }),
      requestId: request.id,
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime),
    },
    'request completed',
  );
}
