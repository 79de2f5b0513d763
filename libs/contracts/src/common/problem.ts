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

/**
 * A problem as services send it to each other: the HTTP shape plus `code`, the stable machine name of a
 * refusal its caller branches on. Titles and details are written for people and may be reworded, so no
 * service reads them; the gateway keeps the code off its HTTP answers.
 */
export const ServiceProblem = Problem.extend({ code: z.string().optional() });
export type ServiceProblem = z.infer<typeof ServiceProblem>;

/** The codes a caller may branch on. */
export const ProblemCodes = {
  /** The ledger refused a movement that would take an account below zero. */
  insufficientFunds: 'insufficient-funds',
} as const;
export type ProblemCode = (typeof ProblemCodes)[keyof typeof ProblemCodes];
export type ProblemFieldError = z.infer<typeof ProblemFieldError>;

export function isProblem(value: unknown): value is Problem {
  return Problem.safeParse(value).success;
}
