import { GATEWAY_URL } from '../support/api';
import { replicasOf } from '../support/replicas';

const OPS_PASSWORD = process.env.OPS_PASSWORD ?? '';
const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** The operator surface lives on each gateway replica's OPS_HTTP_PORT, never on the public port. */
const opsUrl = () => {
  const gateway = replicasOf('gateway')[0];
  if (!gateway.opsPort) throw new Error(`${gateway.name} has no operator port (OPS_HTTP_PORT).`);
  return `http://127.0.0.1:${gateway.opsPort}`;
};

const dashboard = (path = '', authorization?: string) =>
  fetch(`${opsUrl()}/admin/queues${path}`, { headers: authorization ? { authorization } : {} });

describe('queue dashboard (/admin/queues on the operator port)', () => {
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
    expect(await page.text()).toContain('<title>Kitty queues</title>');
    const api = await dashboard('/api/queues', basic('ops', OPS_PASSWORD));
    const { queues } = (await api.json()) as { queues: { name: string }[] };
    expect(queues.map((queue) => queue.name).sort()).toEqual([
      'auth-password-reset',
      'auth-residency',
      'issuing-stripe-events',
      'issuing-user-deleted',
      'notifications-email',
      'notifications-notify',
      'notifications-user-deleted',
      'payments-payment-accounts',
      'payments-payouts',
      'payments-pot-access',
      'payments-pot-commands',
      'payments-reconciliation',
      'payments-stripe-events',
      'pots-balance-changed',
      'pots-payments',
      'pots-recurring-expenses',
      'pots-spend-approval-use',
      'pots-user-deleted',
      'residency-detect',
    ]);
  });

  it('is not served on the public port, even with the operator login', async () => {
    const authorization = basic('ops', OPS_PASSWORD);
    for (const path of ['/admin/queues', '/admin/queues/api/queues', '/metrics']) {
      const response = await fetch(`${GATEWAY_URL}${path}`, { headers: { authorization } });
      // At most the SPA's shell (its not-found page): no login challenge, no dashboard, no queue data.
      expect(response.headers.get('www-authenticate')).toBeNull();
      const body = await response.text();
      expect(body).not.toContain('Kitty queues');
      expect(body).not.toContain('payments-stripe-events');
      expect(body).not.toContain('process_cpu_seconds_total');
    }
  });
});
