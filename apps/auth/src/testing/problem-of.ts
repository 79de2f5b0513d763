import type { ProblemError } from '@kitty/nest-common';

/** The problem a call was refused with; a call that succeeds fails the test. */
export async function problemOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return (error as ProblemError).problem;
  }
  throw new Error('expected a problem');
}
