import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Problem } from '@kitty/contracts';
import { isRedisUnavailable, ProblemError } from '@kitty/nest-common';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { isPagePath } from './api-path';

const REASONS: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};

/** Maps any error to RFC 9457 problem+json. Stack traces go to the log, never to the client. */
export function toProblem(exception: unknown, logger: Logger): Problem {
  if (exception instanceof ProblemError) {
    // The code is for the services; people get the title and detail.
    const { code: _code, ...problem } = exception.problem;
    return problem;
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const body = exception.getResponse();
    const detail = typeof body === 'string' ? body : (body as { message?: unknown }).message;
    return {
      type: 'about:blank',
      status,
      title: REASONS[status] ?? 'Error',
      detail: Array.isArray(detail) ? detail.join(' ') : typeof detail === 'string' ? detail : undefined,
    };
  }
  // Fastify's own errors (malformed JSON, body too large, wrong content type) carry a 4xx statusCode.
  const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return {
      type: 'about:blank',
      status: statusCode,
      title: REASONS[statusCode] ?? 'Bad request',
      detail: (exception as Error).message,
    };
  }
  // Redis out of reach for a moment (a master failing over): nothing was answered, so the client may try again.
  if (isRedisUnavailable(exception)) {
    logger.warn(`Redis unavailable: ${(exception as Error).message}`);
    return { type: 'about:blank', status: 503, title: REASONS[503], detail: 'Please try again in a moment.' };
  }
  logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return {
    type: 'about:blank',
    status: 500,
    title: 'Internal error',
    detail: 'Something went wrong. Please try again later.',
  };
}

@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger(ProblemFilter.name);
  private readonly spaIndex: string | null;

  constructor(webDistDir: string) {
    this.spaIndex = webDistDir ? readFileSync(join(webDistDir, 'index.html'), 'utf8') : null;
  }

  catch(exception: unknown, host: ArgumentsHost) {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const problem = toProblem(exception, this.logger);
    // Client-side routes (/pot/123, /auth…) are the SPA's: serve its shell for any unknown page, and
    // a 404 for any spelling of an API path and for missing files.
    if (problem.status === 404 && this.spaIndex && request.method === 'GET' && isPagePath(request.url)) {
      return reply
        .status(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(this.spaIndex);
    }
    // A service's 429 or 503 says how long to wait (retryAfterSeconds): clients read that as Retry-After.
    const retryAfter = (problem as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (
      (problem.status === 429 || problem.status === 503) &&
      typeof retryAfter === 'number' &&
      retryAfter > 0
    )
      void reply.header('retry-after', String(Math.ceil(retryAfter)));
    return reply.status(problem.status).type('application/problem+json').send(problem);
  }
}
