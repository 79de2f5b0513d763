import { cacheControlFor } from './static-cache';

describe('cacheControlFor', () => {
  it.each([
    '/srv/web/assets/index-B1x2y3z4.js',
    '/srv/web/assets/home-page-Cq9_aZ-1.css',
    '/srv/web/assets/logo-DkQ1m2n3.svg',
    '/srv/web/assets/index-CYMhYHgi.js.br',
    '/srv/web/assets/index-CYMhYHgi.js.gz',
  ])('caches the hashed asset %s for a year, immutable', (file) => {
    expect(cacheControlFor(file)).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/srv/web/index.html', '/srv/web/favicon.svg', '/srv/web/robots.txt', '/srv/web/assets/plain.js'])(
    'makes %s revalidate on every use',
    (file) => {
      expect(cacheControlFor(file)).toBe('no-cache');
    },
  );
});
