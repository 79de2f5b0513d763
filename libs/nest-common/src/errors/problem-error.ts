import type { ProblemCode, ProblemFieldError, ServiceProblem } from '@kitty/contracts';
import { RpcException } from '@nestjs/microservices';
import type { z } from 'zod';

/**
 * An error that already knows its RFC 9457 shape. Thrown in a service it travels back over RPC as the
 * problem object (Nest sends an RpcException's error as the reply); the gateway renders it as HTTP.
 */
export class ProblemError extends RpcException {
  constructor(readonly problem: ServiceProblem) {
    super(problem);
    this.name = 'ProblemError';
    this.message = problem.detail ?? problem.title;
  }

  static of(status: number, title: string, detail?: string, errors?: ProblemFieldError[]): ProblemError {
    return new ProblemError({ type: 'about:blank', status, title, detail, errors });
  }

  /** A problem its caller tells apart by `code`; the title and detail are only for people. */
  static coded(code: ProblemCode, status: number, title: string, detail?: string): ProblemError {
    return new ProblemError({ type: 'about:blank', code, status, title, detail });
  }
}

/** Whether an error is a problem of this code, raised here or by another service over RPC. */
export function hasProblemCode(error: unknown, code: ProblemCode): error is ProblemError {
  return error instanceof ProblemError && error.problem.code === code;
}

/** Parses an untrusted value; failure is a 400 naming every offending field. */
export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '(body)'),
    message:
      issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
  const detail = errors.map((e) => (e.field === '(body)' ? e.message : `${e.field}: ${e.message}`)).join(' ');
  throw ProblemError.of(400, 'Invalid request', detail, errors);
}
