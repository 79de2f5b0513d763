import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Options } from 'pino-http';

import { currentRequestId, REQUEST_ID_HEADER, requestIdFrom } from '../context';
import { redactParameters, redactUrl } from '../http/redact-url';

/**
 * JSON logs (pino) carrying the request id; secrets and credentials are redacted wherever they appear.
 * Lines go to stdout unless `destination` is given (tests read them back).
 */
export function loggerModule(level: string, service: string, destination?: DestinationStream) {
  const options: Options = {
    level,
    base: { service },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.refreshToken',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
    // Invitation links carry their token in the path (/api/invitations/<token>): the access log must not.
    serializers: {
      req: (req: { url?: string; query?: Record<string, unknown>; params?: Record<string, unknown> }) => ({
        ...req,
        ...(typeof req.url === 'string' && { url: redactUrl(req.url) }),
        ...(req.query && { query: redactParameters(req.query) }),
        ...(req.params && { params: redactParameters(req.params) }),
      }),
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
  return LoggerModule.forRoot({ pinoHttp: destination ? [options, destination] : options });
}
