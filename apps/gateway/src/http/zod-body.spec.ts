import { ProblemError } from '@kitty/nest-common';
import { z } from 'zod';

import { ZodValidationPipe } from './zod-body';

describe('ZodValidationPipe', () => {
  const pipe = new ZodValidationPipe(z.object({ note: z.string().optional() }).strict());

  it('takes no body as an empty object', () => {
    expect(pipe.transform(undefined)).toEqual({});
  });

  it.each([null, [], 'text', 42, true])('refuses the JSON body %p with a 400, not as {}', (body) => {
    let thrown: unknown;
    try {
      pipe.transform(body);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProblemError);
    expect((thrown as ProblemError).problem.status).toBe(400);
  });
});
