import { ClientEvent } from './client-event';

describe('ClientEvent', () => {
  it('takes the path a browser reports', () => {
    expect(ClientEvent.parse({ type: 'route-not-found', path: '/pot/%E2%9C%93?x=1' }).path).toBe(
      '/pot/%E2%9C%93?x=1',
    );
  });

  it.each(['/a\u0000', '/a\u001b[31m', '/a\u0085', '/a\u202eb'])(
    'refuses a control character in %j',
    (path) => {
      expect(ClientEvent.safeParse({ type: 'route-not-found', path }).success).toBe(false);
    },
  );
});
