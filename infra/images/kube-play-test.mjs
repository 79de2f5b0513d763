// The deploy phase's second shape: the pods of k8s/overlays/dev, rendered as a cluster would
// get them, started by `podman kube play` from the images build.mjs made, and the smoke test against them.
// What podman cannot play (Services, Ingress, HPA, PDB, NetworkPolicies) is named at the start; the
// Deployments' probes, which podman 4.3 does not run, are polled here at their own path and port.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { createJiti } from 'jiti';
import { stringify } from 'yaml';

const jiti = createJiti(import.meta.url);
/** @type {typeof import('../deploy-check/src/render.js')} */
const { renderOverlay } = await jiti.import('../deploy-check/src/render.ts');
/** @type {typeof import('../deploy-check/src/kube-play.js')} */
const { kubePlayPlan, podmanSecret } = await jiti.import('../deploy-check/src/kube-play.ts');

const NETWORK = 'kitty-kube-test';
const SECRET = 'kitty-secrets';
// The dev overlay's registry; the test tags this machine's images with its names (nothing is pulled).
const REGISTRY = 'registry.kitty.example/';
// payments and issuing talk to the Stripe sandbox, which production mode refuses (as in docker-compose.yml).
const SANDBOX = { NODE_ENV: 'development', STRIPE_API_URL: 'http://stripe-sandbox:12111' };

/** Whether `url` answers 2xx within 2 s, as a kubelet's httpGet probe decides (asked from a child process:
 * the phase's waits are synchronous). */
const httpOk = (/** @type {string} */ url) =>
  spawnSync(process.execPath, [
    '-e',
    'fetch(process.argv[1],{signal:AbortSignal.timeout(2000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))',
    url,
  ]).status === 0;

/** Whether `host`:`port` accepts a TCP connection within 2 s, as a kubelet's tcpSocket probe decides. */
const tcpOk = (/** @type {string} */ host, /** @type {number} */ port) =>
  spawnSync(process.execPath, [
    '-e',
    "const s=require('net').connect(+process.argv[2],process.argv[1],()=>process.exit(0));s.on('error',()=>process.exit(1));s.setTimeout(2000,()=>process.exit(1))",
    host,
    String(port),
  ]).status === 0;

/**
 * What a kubelet and cluster DNS do that podman 4.3 does not, done to the Deployments before they are
 * played: `$(NAME)` in a variable's value is filled in from the container's earlier variables (a
 * secretKeyRef's from `secretValues`), and a Service's host name in a URL becomes the pod podman plays
 * behind it (`<deployment>-pod-0`, its DNS name on the test network).
 * @param {any[]} deployments
 * @param {any[]} services
 * @param {Record<string, string>} secretValues
 */
function asKubeletWould(deployments, services, secretValues) {
  /** @type {[string, string][]} */
  const podOf = services.flatMap((service) => {
    const selector = Object.entries(service.spec.selector ?? {});
    const target = deployments.find((deployment) =>
      selector.every(([key, value]) => deployment.spec.template.metadata?.labels?.[key] === value),
    );
    return target ? [[service.metadata.name, `${target.metadata.name}-pod-0`]] : [];
  });
  for (const deployment of deployments)
    for (const container of deployment.spec.template.spec.containers) {
      /** @type {Record<string, string>} */
      const known = {};
      for (const variable of container.env ?? []) {
        const key = variable.valueFrom?.secretKeyRef?.key;
        if (key !== undefined) known[variable.name] = secretValues[key];
        if (variable.value === undefined) continue;
        let value = String(variable.value).replace(
          /\$\(([A-Za-z0-9_]+)\)/g,
          (ref, name) => known[name] ?? ref,
        );
        for (const [service, pod] of podOf) value = value.replaceAll(`@${service}:`, `@${pod}:`);
        variable.value = value;
        known[variable.name] = value;
      }
    }
}

/**
 * @typedef {{ root: string, env: NodeJS.ProcessEnv, say: (message: string) => void,
 *   fail: (message: string) => false, secrets: Record<string, string>,
 *   smokeTest: (extraEnv: Record<string, string>) => boolean,
 *   pooled: (from: string, host: string) => boolean,
 *   waitFor: (what: string, limit: number, probe: () => boolean) => boolean }} Context
 */

/**
 * Plays the dev overlay's pods and runs the smoke test; true when it passed. Everything it created is
 * removed again, pass or fail.
 * @param {Context} context
 */
export function kubePlayShape({ root, env, say, fail, secrets, smokeTest, pooled, waitFor }) {
  const podman = (/** @type {string[]} */ args) => spawnSync('podman', args, { env, encoding: 'utf8' });
  const work = path.join(root, '.kitty/images/kube');
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });

  const rendered = renderOverlay('dev');
  const plan = kubePlayPlan(rendered, { payments: SANDBOX, issuing: SANDBOX });
  // A cluster's kitty-secrets (docs/deploy.md#secrets), pointing at the stand-in data stores by pod name.
  const secretValues = {
    POSTGRES_PASSWORD: secrets.POSTGRES_PASSWORD,
    DATABASE_URL: `postgresql://kitty:${secrets.POSTGRES_PASSWORD}@postgres:5432/kitty`,
    DATABASE_POOLER_PASSWORD: secrets.POSTGRES_PASSWORD,
    REDIS_URL: 'redis://redis:6379',
    JWT_ACCESS_SECRET: secrets.JWT_ACCESS_SECRET,
    OPS_PASSWORD: secrets.OPS_PASSWORD,
    STRIPE_WEBHOOK_SECRET: secrets.STRIPE_WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: secrets.STRIPE_CONNECT_WEBHOOK_SECRET,
    STRIPE_SECRET_KEY: 'sk_test_kitty_sandbox',
    SMTP_URL: 'smtp://maildev:1025',
    EMAIL_LINK_SECRET: secrets.EMAIL_LINK_SECRET,
  };
  // One line per kind ('NetworkPolicy ×8: why'), not one per object.
  const kinds = new Map();
  for (const line of plan.notPlayed) {
    const [kind, why] = [line.slice(0, line.indexOf('/')), line.slice(line.indexOf(': ') + 2)];
    kinds.set(kind, { why, count: (kinds.get(kind)?.count ?? 0) + 1 });
  }
  const notPlayed = [...kinds].map(([kind, { why, count }]) => `${kind} ×${count}: ${why}`);
  say(`kube play: not played (docs/deploy.md):\n  ${notPlayed.join('\n  ')}`);
  const files = {
    datastores: path.join(root, 'infra/images/kube-datastores.yaml'),
    migration: path.join(work, 'migration.yaml'),
    apps: path.join(work, 'apps.yaml'),
  };
  fs.writeFileSync(files.migration, plan.migration.map((m) => stringify(m)).join('---\n'));
  const deployments = plan.apps.filter((manifest) => manifest.kind === 'Deployment');
  asKubeletWould(
    deployments,
    rendered.filter((manifest) => manifest.kind === 'Service'),
    secretValues,
  );
  // Filled in, the apps' DATABASE_URL carries the pooler's password: readable by this user only.
  fs.writeFileSync(files.apps, plan.apps.map((m) => stringify(m)).join('---\n'), { mode: 0o600 });
  /** @type {any[]} */
  const containers = [...plan.migration, ...plan.apps].flatMap((m) =>
    m.kind === 'Pod'
      ? /** @type {any} */ (m.spec).containers
      : m.kind === 'Deployment'
        ? /** @type {any} */ (m.spec).template.spec.containers
        : [],
  );
  const images = [...new Set(containers.map((container) => String(container.image)))];

  const down = () => {
    for (const file of [files.apps, files.migration, files.datastores]) podman(['kube', 'down', file]);
    podman(['secret', 'rm', SECRET]);
    podman(['network', 'rm', '-f', NETWORK]);
    for (const image of images) podman(['untag', image, image]);
  };
  /** @param {string} file */
  const play = (file) => {
    const result = podman(['kube', 'play', '--network', NETWORK, file]);
    if (result.status !== 0)
      return fail(`podman kube play ${path.relative(root, file)} failed:\n${result.stderr}`);
    return true;
  };
  /** A kube-played container's address on the test network. */
  const address = (/** @type {string} */ container) =>
    podman([
      'inspect',
      container,
      '--format',
      '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}',
    ]).stdout.trim();

  /** @type {boolean} */
  let ok;
  try {
    down();
    for (const image of images) {
      if (!image.startsWith(REGISTRY)) throw new Error(`${image} is not from ${REGISTRY}`);
      const local = `localhost/${image.slice(REGISTRY.length)}`;
      if (podman(['tag', local, image]).status !== 0)
        throw new Error(`no local image ${local} to play as ${image}`);
    }
    if (podman(['network', 'create', NETWORK]).status !== 0)
      throw new Error(`podman network create ${NETWORK} failed`);
    const secretFile = path.join(work, 'secret.json');
    fs.writeFileSync(secretFile, podmanSecret(secretValues), { mode: 0o600 });
    const created = podman(['secret', 'create', SECRET, secretFile]);
    fs.rmSync(secretFile);
    if (created.status !== 0) throw new Error(`podman secret create failed: ${created.stderr}`);

    say('kube play: Postgres, Redis, MailDev, Stripe sandbox (infra/images/kube-datastores.yaml)');
    ok =
      play(files.datastores) &&
      waitFor(
        'postgres',
        90,
        () =>
          podman(['exec', 'postgres-postgres', 'pg_isready', '-h', '127.0.0.1', '-U', 'kitty', '-d', 'kitty'])
            .status === 0,
      );
    if (ok) {
      say('kube play: the migration Job, as a Pod');
      ok = play(files.migration);
      const exit = podman(['wait', 'kitty-migrate-migrate']).stdout.trim();
      if (ok && exit !== '0') {
        const logs = podman(['logs', '--tail', '30', 'kitty-migrate-migrate']);
        ok = fail(`the migration pod exited ${exit}:\n${logs.stdout}${logs.stderr}`);
      }
    }
    if (ok) {
      say(`kube play: ${deployments.length} Deployments from k8s/overlays/dev`);
      ok = play(files.apps);
    }
    // Each Deployment's startup probe, at its own path and port, from outside the pod as a kubelet would.
    for (const deployment of ok ? deployments : []) {
      const name = deployment.metadata.name;
      /** @type {any} */
      const container = /** @type {any} */ (deployment.spec).template.spec.containers[0];
      const { httpGet, tcpSocket } = container.startupProbe ?? container.readinessProbe;
      const probe = httpGet ?? tcpSocket;
      const port = /** @type {{name?: string, containerPort: number}[]} */ (container.ports).find(
        (p) => p.name === probe.port || p.containerPort === probe.port,
      )?.containerPort;
      const host = address(`${name}-pod-0-${container.name}`);
      const url = httpGet ? `http://${host}:${port}${httpGet.path}` : `tcp://${host}:${port}`;
      ok = waitFor(`${name}'s startup probe (${url})`, 90, () =>
        httpGet ? httpOk(url) : tcpOk(host, Number(port)),
      );
      if (!ok) {
        const logs = podman(['logs', '--tail', '30', `${name}-pod-0-${container.name}`]);
        say(`last lines of ${name}:\n${logs.stdout}${logs.stderr}`);
        break;
      }
    }
    if (ok) {
      say('every pod answers its probe; the smoke test');
      ok = smokeTest({
        DEPLOY_SHAPE: 'podman kube play',
        GATEWAY_URL: `http://${address('gateway-pod-0-gateway')}:3000`,
        MAILDEV_URL: `http://${address('maildev-maildev')}:1080`,
        STRIPE_API_URL: `http://${address('stripe-sandbox-stripe-sandbox')}:12111`,
        STRIPE_WEBHOOK_SECRET: secrets.STRIPE_WEBHOOK_SECRET,
      });
      if (ok) ok = pooled('postgres-postgres', 'pgbouncer-pod-0');
      if (!ok)
        for (const deployment of deployments) {
          const logs = podman([
            'logs',
            '--tail',
            '15',
            `${deployment.metadata.name}-pod-0-${deployment.metadata.name}`,
          ]);
          say(`last lines of ${deployment.metadata.name}:\n${logs.stdout}${logs.stderr}`);
        }
    }
  } catch (error) {
    ok = fail(`kube play: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    // `--keep` leaves the pods running to look into (the next run removes them first).
    if (!process.argv.includes('--keep')) down();
  }
  return ok;
}
