import { GATEWAY_URL } from '../support/api';

const OPS_PASSWORD = process.env.OPS_PASSWORD ?? '';
const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

const dashboard = (path = '', authorization?: string) =>
  fetch(`${GATEWAY_URL}/admin/queues${path}`, { headers: authorization ? { authorization } : {} });

describe('queue dashboard (/admin/queues)', () => {
  it.each([
    ['without credentials', undefined],
    ['with a wrong password', basic('ops', 'not-the-password')],
    ['with a user account token', 'Bearer some.jwt.token'],
  ])('refuses operators %s with 401', async (_label, authorization) => {
    for (const path of ['', '/api/queues']) {
      const response = await dashboard(path, authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="Kitty operations"/);
    }
  });

  it('shows every queue of the platform to the operator', async () => {
    const page = await dashboard('', basic('ops', OPS_PASSWORD));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await dashboard('/api/queues', basic('ops', OPS_PASSWORD));
    const { queues } = (await api.json()) as { queues: { name: string }[] };
    expect(queues.map((queue) => queue.name).sort()).toEqual([
      'notifications-email',
      'payments-payouts',
      'payments-reconciliation',
      'payments-stripe-events',
      'pots-balance-changed',
      'residency-detect',
    ]);
  });
});
