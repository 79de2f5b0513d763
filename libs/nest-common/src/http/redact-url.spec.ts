import { redactUrl } from './redact-url';

const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';

describe('redactUrl', () => {
  it.each([
    [`/api/invitations/${TOKEN}`, '/api/invitations/[redacted]'],
    [`/api/invitations/${TOKEN}/accept`, '/api/invitations/[redacted]/accept'],
    [`/api/invitations/${TOKEN}?x=1`, '/api/invitations/[redacted]?x=1'],
    ['/api/auth/reset?token=abc&next=/home', '/api/auth/reset?token=[redacted]&next=/home'],
    ['/cb?Code=xyz', '/cb?Code=[redacted]'],
  ])('hides the secret in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toContain(TOKEN);
  });

  it.each([
    '/api/pots/5b0f3c8e-8a43-4d7e-9d43-0d3c3f2d1e11/expenses',
    '/api/payments/funding?page=2',
    '/health',
    '/',
  ])('leaves %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
