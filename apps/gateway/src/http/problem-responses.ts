import { Problem } from '@kitty/contracts';
import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';

import { schemaRef } from './openapi';

/** Documents the problem+json answers a route can give, besides its success response. */
export const ApiProblems = (...statuses: number[]) =>
  applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: 'Problem details (RFC 9457)',
        content: { 'application/problem+json': { schema: schemaRef(Problem) } },
      }),
    ),
  );
