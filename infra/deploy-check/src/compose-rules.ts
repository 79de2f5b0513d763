import fs from 'node:fs';
import path from 'node:path';

import { parse } from 'yaml';

import { REPO_ROOT } from './render';

/**
 * docker-compose.yml checked by parsing: start order by health, Redis fit for BullMQ, every app run from the
 * image `npm run images` builds (nothing pulled), and no secret in clear but documented local defaults.
 * `npm test`'s deploy phase then runs the file for real (infra/images/smoke).
 */

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  command?: string | string[];
  restart?: string;
  read_only?: boolean;
  cap_drop?: string[];
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  ports?: (string | number | { target?: number; published?: string | number })[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

export const COMPOSE_FILE = path.join(REPO_ROOT, 'docker-compose.yml');
/** The images `npm run images` builds offline (infra/images/build.mjs). */
export const LOCAL_IMAGE = /^localhost\/kitty\/([a-z-]+):[\w.-]+$/;
const imageOf = (service: ComposeService) => LOCAL_IMAGE.exec(service.image ?? '')?.[1];
/** Environment variables whose values are credentials. */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|_KEY$/;

/** The parsed file with its YAML anchors and merge keys (`<<`) resolved, as Docker Compose reads it. */
export function readCompose(text = fs.readFileSync(COMPOSE_FILE, 'utf8')): ComposeFile {
  return parse(text, { merge: true, maxAliasCount: -1 }) as ComposeFile;
}

/** `${NAME:-default}` → default; `${NAME:?message}` (required, no value in the file) → null; a plain value → itself. */
function effectiveValue(value: string): string | null {
  if (/^\$\{[A-Z0-9_]+:?\?.*\}$/.test(value)) return null;
  return /^\$\{[A-Z0-9_]+:?-(.*)\}$/.exec(value)?.[1] ?? value;
}

/** The gateway's operator port setting: the port must never be published. */
const OPS_PORT_SETTING = 'OPS_HTTP_PORT';

function secretProblems(name: string, service: ComposeService, localDefaults: string[]): string[] {
  const problems: string[] = [];
  for (const [variable, raw] of Object.entries(service.environment ?? {})) {
    const value = effectiveValue(String(raw ?? ''));
    if (value === null) continue;
    const credentials = /^[a-z]+:\/\/[^/@:]+:([^/@]+)@/.exec(value)?.[1];
    // A password given from the environment (`${POSTGRES_PASSWORD:?…}`) is not in the file.
    if (
      credentials !== undefined &&
      !/^\$\{[A-Z0-9_]+/.test(credentials) &&
      !localDefaults.includes(credentials)
    )
      problems.push(
        `${name}: ${variable} carries a password that docs/deploy.md does not list as a local default`,
      );
    if (SECRET_NAME.test(variable) && !localDefaults.includes(value))
      problems.push(`${name}: ${variable} is a secret that docs/deploy.md does not list as a local default`);
  }
  return problems;
}

const conditions = (service: ComposeService) =>
  Array.isArray(service.depends_on) ? {} : (service.depends_on ?? {});

/** Whether `name` starts only after a service matching `target` is healthy or completed, however indirectly. */
function waitsFor(
  services: Record<string, ComposeService>,
  name: string,
  target: (service: ComposeService) => boolean,
  seen = new Set<string>(),
): boolean {
  if (seen.has(name)) return false;
  seen.add(name);
  return Object.entries(conditions(services[name] ?? {})).some(
    ([dependency, { condition } = {}]) =>
      condition !== undefined &&
      services[dependency] !== undefined &&
      (target(services[dependency]) || waitsFor(services, dependency, target, seen)),
  );
}

/**
 * @param apps the Nx apps that run as services (every one needs a compose service built from the Dockerfile)
 * @param localDefaults values docs/deploy.md documents as local-only defaults
 */
export function checkCompose(compose: ComposeFile, apps: string[], localDefaults: string[]): string[] {
  const problems: string[] = [];
  const services = compose.services ?? {};
  const oneShot = (service: ComposeService) => service.restart === 'no';

  for (const [name, service] of Object.entries(services)) {
    const hasHealthcheck = Boolean(service.healthcheck?.test) && !service.healthcheck?.disable;
    if (!hasHealthcheck && !oneShot(service))
      problems.push(`${name}: no healthcheck (only one-shot jobs with restart "no" may go without)`);

    const dependsOn = service.depends_on ?? {};
    if (Array.isArray(dependsOn))
      problems.push(`${name}: depends_on without conditions starts it before its dependencies are ready`);
    else
      for (const [dependency, { condition } = {}] of Object.entries(dependsOn)) {
        const target = services[dependency];
        if (!target) problems.push(`${name}: depends on unknown service ${dependency}`);
        else if (condition === 'service_healthy' && !target.healthcheck?.test)
          problems.push(`${name}: waits for ${dependency} to be healthy, but it has no healthcheck`);
        else if (condition === 'service_completed_successfully' && !oneShot(target))
          problems.push(`${name}: waits for ${dependency} to complete, but it is not a one-shot job`);
        else if (condition !== 'service_healthy' && condition !== 'service_completed_successfully')
          problems.push(`${name}: depends on ${dependency} without a health or completion condition`);
      }

    problems.push(...secretProblems(name, service, localDefaults));

    const opsPort = service.environment?.[OPS_PORT_SETTING];
    const published = (service.ports ?? []).map((port) =>
      typeof port === 'object' ? String(port.target ?? '') : String(port).split(':').pop()?.split('/')[0],
    );
    if (opsPort !== undefined && opsPort !== null && published.includes(String(opsPort)))
      problems.push(`${name}: publishes the operator port ${opsPort}; it must stay on the compose network`);
  }

  const redis = services['redis'];
  const redisCommand = Array.isArray(redis?.command) ? redis.command.join(' ') : (redis?.command ?? '');
  if (!redis) problems.push('no redis service');
  else {
    if (!/--maxmemory-policy noeviction\b/.test(redisCommand))
      problems.push('redis: BullMQ needs --maxmemory-policy noeviction');
    if (!/--appendonly yes\b/.test(redisCommand))
      problems.push('redis: queued jobs need AOF (--appendonly yes)');
  }

  for (const app of apps) {
    const service = services[app];
    if (!service) {
      problems.push(`${app}: no compose service for the app`);
      continue;
    }
    if (imageOf(service) !== app) problems.push(`${app}: does not run the image localhost/kitty/${app}`);
    if (service.read_only !== true) problems.push(`${app}: root filesystem is writable (read_only: true)`);
    if (!service.cap_drop?.includes('ALL'))
      problems.push(`${app}: capabilities are not dropped (cap_drop: [ALL])`);
    const port = service.environment?.['HTTP_PORT'];
    const test = [service.healthcheck?.test ?? []].flat().join(' ');
    if (port !== undefined && !test.includes(`:${port}/`))
      problems.push(`${app}: healthcheck does not probe HTTP_PORT ${port}`);
    if (!waitsFor(services, app, (candidate) => imageOf(candidate) === 'migrate'))
      problems.push(
        `${app}: does not wait (directly or through its dependencies) for the migrations to complete`,
      );
  }
  if (!Object.values(services).some((service) => imageOf(service) === 'migrate' && oneShot(service)))
    problems.push('no one-shot migration service (image localhost/kitty/migrate)');
  for (const [name, service] of Object.entries(services)) {
    if (service.build) problems.push(`${name}: builds in compose (images come from npm run images)`);
    else if (!imageOf(service))
      problems.push(`${name}: image ${service.image} would be pulled from a registry`);
  }
  return problems;
}
