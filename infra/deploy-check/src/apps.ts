import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from './render';

/** The Node apps that run as their own process (a `src/main.ts`): each needs an image, a compose service and a Deployment. */
export function serverApps(appsDir = path.join(REPO_ROOT, 'apps')): string[] {
  return fs
    .readdirSync(appsDir)
    .filter((name) => fs.existsSync(path.join(appsDir, name, 'src', 'main.ts')))
    .sort();
}

const SETTING = /^\s+([A-Z][A-Z0-9_]+):/gm;
const settingsIn = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(SETTING)].map((match) => match[1]);

const NEST_COMMON = path.join(REPO_ROOT, 'libs', 'nest-common', 'src');
/** Setting groups of nest-common that an app's config spreads in by name (`...stripeConfigShape`). */
const SHARED_SHAPES: Record<string, string> = {
  stripeConfigShape: path.join(NEST_COMMON, 'stripe', 'stripe-client.ts'),
};

/** The settings an app's `config.ts` names itself or spreads in from a shared shape. */
function configSettings(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const spread = Object.entries(SHARED_SHAPES)
    .filter(([shape]) => source.includes(`...${shape}`))
    .flatMap(([, shared]) => settingsIn(shared));
  return [...settingsIn(file), ...spread];
}

/**
 * The environment variables each app reads, from its `config.ts` (with the shared shapes it spreads) plus
 * the shared base schema; the migration Job reads only DATABASE_URL, the pooler what its image's start script reads. A variable no app reads is a typo the
 * zod schemas would ignore.
 */
export function appSettings(apps = serverApps()): Record<string, string[]> {
  const shared = settingsIn(path.join(NEST_COMMON, 'config', 'load-config.ts'));
  return {
    ...Object.fromEntries(
      apps.map((app) => [
        app,
        [...shared, ...configSettings(path.join(REPO_ROOT, 'apps', app, 'src', 'config.ts'))],
      ]),
    ),
    migrate: ['DATABASE_URL'],
    // The pooler's image (infra/images/pgbouncer-start.sh).
    pgbouncer: ['DATABASE_URL', 'DATABASE_POOLER_PASSWORD'],
  };
}
