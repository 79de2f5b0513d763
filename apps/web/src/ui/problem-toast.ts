import { problemOf } from '@kitty/api-client';

import type { Toast } from './toast';

/**
 * Shows a failed call as a toast: the problem's title and detail when the server sent them (they are
 * written for people, e.g. 'Insufficient funds: The amount exceeds the available balance.'), else the
 * fallback.
 */
export function toastProblem(
  toast: Toast,
  error: unknown,
  fallback: { title: string; detail?: string } = {
    title: 'Something went wrong',
    detail: 'Please try again later.',
  },
): void {
  const problem = problemOf(error);
  if (problem && problem.status < 500) {
    toast.error(problem.title || fallback.title, problem.detail ?? fallback.detail);
  } else {
    toast.error(fallback.title, fallback.detail);
  }
}

/** Runs `action`, then says `title`/`detail` when it worked, or the problem when it did not. */
export async function withToast(
  toast: Toast,
  action: () => Promise<unknown>,
  title: string,
  detail: string,
): Promise<void> {
  try {
    await action();
    toast.success(title, detail);
  } catch (error) {
    toastProblem(toast, error);
  }
}
