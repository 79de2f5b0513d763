import Fastify from 'fastify';

import { securityHeaders, sendSecurityHeaders } from './security-headers';

const POLICY = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
};

describe('securityHeaders', () => {
  it("gives helmet's headers for the policy, its defaults merged in", () => {
    const headers = securityHeaders(POLICY);
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
        "frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';" +
        "script-src-attr 'none';style-src 'self' 'unsafe-inline'",
    );
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
  });

  it('sends them on every response, routes, 404s and errors alike', async () => {
    const app = Fastify();
    sendSecurityHeaders(app, POLICY);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    for (const url of ['/ok', '/missing', '/boom', '/ok?x=1']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    await app.close();
  });
});
