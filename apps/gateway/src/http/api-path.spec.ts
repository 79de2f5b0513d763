import { isApiPath, isPagePath } from './api-path';

describe('isApiPath', () => {
  it.each([
    '/api',
    '/api/pots/1',
    '//api//pots//1',
    '/API/pots/1',
    '/Api/me',
    '/%61pi/me',
    '/./api/me',
    '/x/../api/me',
    '/x/%2e%2e/api/me',
    '/%2fapi/me',
    '/api%2fme',
    '\\api\\me',
    '/api?x=1',
    '/%ZZ',
  ])('%s is an API path', (url) => {
    expect(isApiPath(url)).toBe(true);
  });

  // A double-encoded `%2561pi` reaches the router as `%61pi`, which no route matches either way.
  it.each(['/', '/pot/1', '/apiary', '/auth?next=/api/me', '/invite/abc', '/x/api/me', '/%2561pi/me'])(
    '%s is a page',
    (url) => {
      expect(isApiPath(url)).toBe(false);
    },
  );
});

describe('isPagePath', () => {
  it.each(['/', '/pot/1', '/auth?next=/pot/1.json', '/invite/abc_DEF-123'])('%s is a page', (url) => {
    expect(isPagePath(url)).toBe(true);
  });

  it.each([
    '/api/me',
    '//API/pots',
    '/assets/index-abc123.js',
    '/assets/index-abc123.js.map',
    '/favicon.ico',
  ])('%s is not a page', (url) => {
    expect(isPagePath(url)).toBe(false);
  });
});
