import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@kitty/contracts';
import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  UseInterceptors,
} from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { ApiProblems } from '../http/problem-responses';
import { IdempotencyInterceptor, idempotencyKeyOf } from './idempotency.interceptor';

/** A money-moving command: requires an Idempotency-Key and answers repeats as IdempotencyInterceptor says. */
export const Idempotent = () =>
  applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: true,
      description:
        'A fresh key (a UUID) per user action, the same on retries of it. Kept 24 h per user: the same key ' +
        'with the same request replays the first answer (marked `' +
        IDEMPOTENT_REPLAYED_HEADER +
        ': true`); with a different request it is refused (422); while the first is still running, 409.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    }),
    ApiProblems(409, 422),
  );

/** The request's Idempotency-Key, for the command to derive the ids of what it creates. */
export const IdempotencyKeyParam = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  idempotencyKeyOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
