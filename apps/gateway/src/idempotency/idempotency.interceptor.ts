import { IDEMPOTENCY_KEY_HEADER, IdempotencyKey, IDEMPOTENT_REPLAYED_HEADER } from '@kitty/contracts';
import { idempotencyKeyReused, ProblemError } from '@kitty/nest-common';
import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catchError, from, mergeMap, type Observable, of } from 'rxjs';

import { type IdempotencyRecord, IdempotencyStore, requestFingerprint } from './idempotency.store';

/** Outcomes a retry could change (a conflict, a rate limit): not kept, so the retry runs. */
const TRANSIENT = new Set([409, 429]);

/** The request's validated Idempotency-Key, or a 400 saying what is wrong with it. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (header === undefined)
    throw ProblemError.of(
      400,
      'Idempotency-Key required',
      `Send an ${IDEMPOTENCY_KEY_HEADER} header with this request.`,
    );
  const parsed = IdempotencyKey.safeParse(header);
  if (!parsed.success)
    throw ProblemError.of(
      400,
      'Invalid Idempotency-Key',
      `${IDEMPOTENCY_KEY_HEADER} ${parsed.error.issues[0].message}.`,
    );
  return parsed.data;
}

/**
 * Makes a command idempotent for its caller: the first request with a key runs and its answer (success or
 * a 4xx problem) is kept; a repeat with the same key and request gets that answer again, marked
 * `Idempotent-Replayed: true`; the same key with another request is a 422; a repeat while the first still
 * runs is a 409. A 5xx frees the key, so the retry runs again — which is why what a command creates takes
 * its id from the key in the service, too.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(IdempotencyInterceptor.name);

  constructor(
    private readonly store: IdempotencyStore,
    private readonly reflector: Reflector,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const key = idempotencyKeyOf(request);
    // The guard has run: idempotent routes are never public, so there is always a caller to scope keys to.
    const scope = request.user!.id;
    const fingerprint = requestFingerprint({
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      params: request.params,
      body: request.body ?? null,
    });
    const claim = await this.store.claim(scope, key, fingerprint);
    if (!claim.claimed) return this.repeat(claim.existing, fingerprint, reply);
    const status =
      this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ??
      (request.method === 'POST' ? 201 : 200);
    return next.handle().pipe(
      mergeMap((body: unknown) =>
        from(this.keep(scope, key, { state: 'done', fingerprint, status, body }).then(() => body)),
      ),
      catchError((error: unknown) =>
        from(
          (error instanceof ProblemError && error.problem.status < 500 && !TRANSIENT.has(error.problem.status)
            ? this.keep(scope, key, { state: 'problem', fingerprint, problem: error.problem })
            : this.store.release(scope, key).catch(() => undefined)
          ).then(() => {
            throw error;
          }),
        ),
      ),
    );
  }

  private repeat(existing: IdempotencyRecord | null, fingerprint: string, reply: FastifyReply) {
    if (existing && existing.fingerprint !== fingerprint) throw idempotencyKeyReused();
    if (!existing || existing.state === 'in-flight') {
      void reply.header('Retry-After', '1');
      throw ProblemError.of(
        409,
        'Request in progress',
        'A request with this Idempotency-Key is still being processed. Please retry shortly.',
      );
    }
    void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    if (existing.state === 'problem') throw new ProblemError(existing.problem);
    return of(existing.body);
  }

  /** Keeps an answer; if Redis fails here the command still answers, and a retry within a minute gets 409. */
  private async keep(scope: string, key: string, record: Exclude<IdempotencyRecord, { state: 'in-flight' }>) {
    await this.store
      .complete(scope, key, record)
      .catch((error: Error) => this.logger.warn(`Idempotency answer not kept: ${error.message}`));
  }
}
