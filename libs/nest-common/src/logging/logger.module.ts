import { LoggerModule } from 'nestjs-pino';
import { destination as fileDestination,type DestinationStream } from 'pino';
import type { Options } from 'pino-http';

import { currentRequestId, REQUEST_ID_HEADER, requestIdFrom } from '../context';
import { redactUrl } from '../http/redact-url';

/** What an access line says of a request: no headers (a header dump was most of the log's volume). */
interface LoggedRequest {
  method?: string;
  url?: string;
}

/**
 * JSON logs (pino) carrying the request id; secrets and credentials are redacted wherever they appear.
 * One concise access line per request: method, redacted URL, route template (set by instrumentHttp),
 * status, duration, request id and, once the gateway's JWT guard has set it on the raw request, the
 * caller's user id.
 * Lines go to stdout unless `destination` is given (tests read them back). Stdout is written
 * asynchronously: lines logged while a write is under way go out together in the next one, where a
 * synchronous write per line was a system call per request (pino flushes what is left on exit).
 */
export function loggerModule(level: string, service: string, destination?: DestinationStream) {
  const options: Options = {
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
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customProps: (req) => {
      const { route, userId } = req as { route?: unknown; userId?: unknown };
      return {
        ...(typeof route === 'string' && { route }),
        ...(typeof userId === 'string' && { userId }),
      };
    },
    // Fastify already chose the id (see genReqId in ../http); middie hands it over as req.id.
    genReqId: (req) => req.id ?? requestIdFrom(req.headers[REQUEST_ID_HEADER]),
    // Every line written while serving a request, an RPC message or a job names that request.
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/metrics' },
  };
  const stream = destination ?? fileDestination({ dest: 1, sync: false });
  return LoggerModule.forRoot({ pinoHttp: [options, stream] });
}
