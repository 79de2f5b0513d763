import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

import type { Problem } from './generated/kitty-api';

/** The RFC 9457 body of a failed call, when the server sent one. */
export function problemOf(error: unknown): Problem | undefined {
  if (!isFetchBaseQueryError(error)) return undefined;
  const { data } = error;
  if (typeof data !== 'object' || data === null) return undefined;
  const candidate = data as Partial<Problem>;
  return typeof candidate.title === 'string' || typeof candidate.detail === 'string'
    ? (candidate as Problem)
    : undefined;
}

/** The human-readable explanation to show (the problem's `detail`, else its `title`). */
export function problemDetail(error: unknown): string | undefined {
  const problem = problemOf(error);
  return problem?.detail || problem?.title || undefined;
}

/** HTTP status of a failed call; undefined for network, timeout and parsing failures. */
export function httpStatusOf(error: unknown): number | undefined {
  return isFetchBaseQueryError(error) && typeof error.status === 'number' ? error.status : undefined;
}

/** Network failures, timeouts, throttling and server errors may succeed when tried again; other 4xx will not. */
export function isTransientFailure(error: unknown): boolean {
  if (!isFetchBaseQueryError(error)) return true;
  const { status } = error;
  if (typeof status !== 'number') return status !== 'CUSTOM_ERROR';
  return status >= 500 || status === 408 || status === 429;
}

function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}
