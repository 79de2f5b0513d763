import { z } from 'zod';

import { apiSchema } from './schema-registry';

/** RFC 9457 problem details: the one error shape on the wire, over HTTP and over RPC. */
export const ProblemFieldError = z.object({ field: z.string(), message: z.string() });
export const Problem = apiSchema(
  'Problem',
  z.object({
    type: z.string().default('about:blank'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z.array(ProblemFieldError).optional(),
  }),
);
export type Problem = z.infer<typeof Problem>;
export type ProblemFieldError = z.infer<typeof ProblemFieldError>;

export function isProblem(value: unknown): value is Problem {
  return Problem.safeParse(value).success;
}
