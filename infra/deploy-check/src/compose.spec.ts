import { appSettings, serverApps } from './apps';
import { checkCompose, type ComposeFile, readCompose } from './compose-rules';
import { readDeployDoc } from './docs';

const { composeLocalDefaults } = readDeployDoc();
const compose = readCompose();
const apps = serverApps();

function problemsAfter(change: (file: ComposeFile) => void): string[] {
  const file = structuredClone(compose);
  change(file);
  return checkCompose(file, apps, composeLocalDefaults);
}

describe('docker-compose.yml', () => {
  it('runs every app, Postgres, PgBouncer, Redis, MailDev, the Stripe sandbox and the migration job', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [...apps, 'maildev', 'migrate', 'pgbouncer', 'postgres', 'redis', 'stripe-sandbox'].sort(),
    );
  });

  it('follows our rules', () => {
    expect(checkCompose(compose, apps, composeLocalDefaults)).toEqual([]);
  });

  it('gives the apps only variables an app reads', () => {
    const known = new Set(Object.values(appSettings()).flat());
    const unknown = (file: ComposeFile) =>
      apps.flatMap((app) =>
        Object.keys(file.services[app]?.environment ?? {}).filter((key) => !known.has(key)),
      );
    expect(unknown(compose)).toEqual([]);
    const misspelt = structuredClone(compose);
    misspelt.services['auth'].environment = {
      ...misspelt.services['auth'].environment,
      REDIS_URI: 'redis://redis',
    };
    expect(unknown(misspelt)).toEqual(['REDIS_URI']);
  });

  it('documents its local defaults', () => {
    expect(composeLocalDefaults).toEqual(expect.arrayContaining(['sk_test_kitty_sandbox']));
  });
});

describe('the compose rules catch', () => {
  it('a service without a healthcheck', () => {
    expect(problemsAfter((file) => delete file.services['pots'].healthcheck)).toEqual([
      'pots: no healthcheck (only one-shot jobs with restart "no" may go without)',
      'gateway: waits for pots to be healthy, but it has no healthcheck',
      'pots: healthcheck does not probe HTTP_PORT 3102',
    ]);
  });

  it('dependencies without conditions, or on an unknown service', () => {
    expect(problemsAfter((file) => (file.services['auth'].depends_on = ['migrate', 'redis']))).toEqual([
      'auth: depends_on without conditions starts it before its dependencies are ready',
      'auth: does not wait (directly or through its dependencies) for the migrations to complete',
    ]);
    expect(
      problemsAfter(
        (file) => (file.services['auth'].depends_on = { redis: {}, cache: { condition: 'service_healthy' } }),
      ),
    ).toEqual([
      'auth: depends on redis without a health or completion condition',
      'auth: depends on unknown service cache',
      'auth: does not wait (directly or through its dependencies) for the migrations to complete',
    ]);
  });

  it('Redis that may evict or forget queued jobs', () => {
    expect(problemsAfter((file) => (file.services['redis'].command = ['redis-server']))).toEqual([
      'redis: BullMQ needs --maxmemory-policy noeviction',
      'redis: queued jobs need AOF (--appendonly yes)',
    ]);
  });

  it('a secret that is not a documented local default', () => {
    expect(
      problemsAfter((file) => {
        file.services['payments'].environment = {
          ...file.services['payments'].environment,
          STRIPE_SECRET_KEY: 'sk_live_real',
          DATABASE_URL: 'postgresql://kitty:hunter2@postgres:5432/kitty',
        };
      }),
    ).toEqual([
      'payments: DATABASE_URL carries a password that docs/deploy.md does not list as a local default',
      'payments: STRIPE_SECRET_KEY is a secret that docs/deploy.md does not list as a local default',
    ]);
    expect(
      problemsAfter(
        (file) => (file.services['gateway'].environment!['OPS_PASSWORD'] = '${OPS_PASSWORD:-letmein}'),
      ),
    ).toEqual(['gateway: OPS_PASSWORD is a secret that docs/deploy.md does not list as a local default']);
  });

  it('the operator port published', () => {
    expect(problemsAfter((file) => (file.services['gateway'].ports = ['3000:3000', '3001:3001']))).toEqual([
      'gateway: publishes the operator port 3001; it must stay on the compose network',
    ]);
    expect(
      problemsAfter(
        (file) => (file.services['gateway'].ports = ['3000:3000', { target: 3001, published: 9000 }]),
      ),
    ).toEqual(['gateway: publishes the operator port 3001; it must stay on the compose network']);
  });

  it('no secret with a value in the file: the app secrets are required from the environment', () => {
    const secrets = [
      'JWT_ACCESS_SECRET',
      'OPS_PASSWORD',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_CONNECT_WEBHOOK_SECRET',
    ];
    for (const secret of secrets)
      expect(String(compose.services['gateway'].environment?.[secret])).toMatch(/^\$\{[A-Z_]+:\?/);
  });

  it('an app missing, built from elsewhere, writable or privileged', () => {
    expect(problemsAfter((file) => delete file.services['residency'])).toEqual([
      'gateway: depends on unknown service residency',
      'residency: no compose service for the app',
    ]);
    expect(problemsAfter((file) => (file.services['auth'].image = 'localhost/kitty/pots:dev'))).toEqual([
      'auth: does not run the image localhost/kitty/auth',
    ]);
    expect(problemsAfter((file) => (file.services['redis'].image = 'redis:7-alpine'))).toEqual([
      'redis: image redis:7-alpine would be pulled from a registry',
    ]);
    expect(
      problemsAfter((file) => {
        delete file.services['notifications'].read_only;
        file.services['notifications'].cap_drop = [];
      }),
    ).toEqual([
      'notifications: root filesystem is writable (read_only: true)',
      'notifications: capabilities are not dropped (cap_drop: [ALL])',
    ]);
  });

  it('no migration job', () => {
    expect(problemsAfter((file) => (file.services['migrate'].restart = 'unless-stopped'))).toEqual(
      expect.arrayContaining([
        'migrate: no healthcheck (only one-shot jobs with restart "no" may go without)',
        'no one-shot migration service (image localhost/kitty/migrate)',
      ]),
    );
  });
});
