import { httpStatusOf, isTransientFailure, problemDetail } from './problem';

describe('problem helpers', () => {
  const conflict = {
    status: 409,
    data: { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Email already registered' },
  };

  it('prefers the problem detail, then its title', () => {
    expect(problemDetail(conflict)).toBe('Email already registered');
    expect(
      problemDetail({ status: 404, data: { type: 'about:blank', title: 'Not Found', status: 404 } }),
    ).toBe('Not Found');
  });

  it('has no detail for network failures or non-problem bodies', () => {
    expect(problemDetail({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeUndefined();
    expect(problemDetail({ status: 502, data: '<html>Bad gateway</html>' })).toBeUndefined();
    expect(problemDetail(new Error('boom'))).toBeUndefined();
  });

  it('reads the HTTP status', () => {
    expect(httpStatusOf(conflict)).toBe(409);
    expect(httpStatusOf({ status: 'TIMEOUT_ERROR', error: 'timeout' })).toBeUndefined();
  });

  it.each([
    [{ status: 'FETCH_ERROR', error: 'offline' }, true],
    [{ status: 'TIMEOUT_ERROR', error: 'slow' }, true],
    [{ status: 503, data: null }, true],
    [{ status: 429, data: null }, true],
    [{ status: 401, data: null }, false],
    [{ status: 400, data: null }, false],
  ])('classifies %p as transient: %p', (error, transient) => {
    expect(isTransientFailure(error)).toBe(transient);
  });
});
