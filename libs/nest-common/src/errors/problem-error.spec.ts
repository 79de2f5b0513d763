import { z } from 'zod';

import { parseOrThrow, ProblemError } from './problem-error';

const Body = z.object({ name: z.string().min(1, 'Name required'), age: z.number().int() }).strict();

describe('parseOrThrow', () => {
  it('returns the parsed value', () => {
    expect(parseOrThrow(Body, { name: 'Ada', age: 36 })).toEqual({ name: 'Ada', age: 36 });
  });

  it('throws a 400 problem naming every bad and unknown field', () => {
    const error = (() => {
      try {
        parseOrThrow(Body, { name: '', age: 1.5, role: 'admin' });
      } catch (caught) {
        return caught as ProblemError;
      }
      throw new Error('expected a ProblemError');
    })();
    expect(error).toBeInstanceOf(ProblemError);
    expect(error.problem.status).toBe(400);
    expect(error.problem.errors).toEqual([
      { field: 'name', message: 'Name required' },
      { field: 'age', message: expect.any(String) },
      { field: 'role', message: 'Unknown field(s): role' },
    ]);
    expect(error.problem.detail).toContain('name: Name required');
  });

  it('describes a body of the wrong type', () => {
    expect(() => parseOrThrow(Body, 'text')).toThrow(/expected object/);
  });
});

describe('ProblemError', () => {
  it('carries the problem as its RPC error, so Nest replies with it', () => {
    const error = ProblemError.of(409, 'Conflict', 'Already there');
    expect(error.getError()).toEqual({
      type: 'about:blank',
      status: 409,
      title: 'Conflict',
      detail: 'Already there',
    });
  });
});
