import { z } from 'zod';

import { hasProblemCode, parseOrThrow, ProblemError } from './problem-error';

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

describe('problem codes', () => {
  it('tell a refusal apart by its code, never by its words', () => {
    const coded = ProblemError.coded('insufficient-funds', 400, 'Insufficient funds', 'Not enough.');
    expect(coded.problem).toEqual({
      type: 'about:blank',
      code: 'insufficient-funds',
      status: 400,
      title: 'Insufficient funds',
      detail: 'Not enough.',
    });
    expect(hasProblemCode(coded, 'insufficient-funds')).toBe(true);
    expect(hasProblemCode(ProblemError.of(400, 'Insufficient funds'), 'insufficient-funds')).toBe(false);
    expect(hasProblemCode(new Error('insufficient-funds'), 'insufficient-funds')).toBe(false);
  });

  it('survive the trip over RPC, where the reply is the plain problem object', () => {
    const { problem } = ProblemError.coded('insufficient-funds', 400, 'Insufficient funds');
    const received = new ProblemError(JSON.parse(JSON.stringify(problem)));
    expect(hasProblemCode(received, 'insufficient-funds')).toBe(true);
  });
});
