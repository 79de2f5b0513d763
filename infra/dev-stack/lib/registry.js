// @ts-check
'use strict';
const path = require('node:path');

/**
 * @typedef {{ mode: 'development' | 'test', userEnv: NodeJS.ProcessEnv }} RunContext
 * @typedef {(run: RunContext) => boolean} StartIf
 * @typedef {{ name: string, port: number, health?: string, public?: boolean, build?: boolean, entry?: string, args?: string[], startIf?: StartIf, replicated?: boolean, opsPort?: number }} AppEntry
 *   one line of infra/dev-stack/apps.js
 * @typedef {{ name: string, dist: string, build?: boolean }} WebEntry
 * @typedef {{ name: string, port: number, health: string, public: boolean, build: boolean, entry: string, args: string[], startIf?: StartIf, replicated: boolean, opsPort: number | null }} App
 * @typedef {{ apps: App[], web: { name: string, dist: string, build: boolean } | null }} Registry
 */

/**
 * Loads the app registry (infra/dev-stack/apps.js, or the module named by KITTY_APPS_FILE, which the
 * launcher's own tests use to start stand-in apps) and fills in the defaults.
 * @param {string} root
 * @param {string} [file]
 * @returns {Registry}
 */
function loadRegistry(root, file = process.env.KITTY_APPS_FILE) {
  const modulePath = file ? path.resolve(root, file) : path.join(__dirname, '..', 'apps.js');
  const { APPS, WEB = null } = require(modulePath);
  return normaliseRegistry(root, APPS, WEB);
}

/**
 * @param {string} root
 * @param {AppEntry[]} apps
 * @param {WebEntry | null} web
 * @returns {Registry}
 */
function normaliseRegistry(root, apps, web) {
  const names = new Set();
  const normalised = apps.map((app) => {
    if (!/^[a-z][a-z0-9-]*$/.test(app.name))
      throw new Error(`App name "${app.name}" must be lower-case kebab-case.`);
    if (names.has(app.name)) throw new Error(`App "${app.name}" is listed twice in the registry.`);
    if (!Number.isInteger(app.port)) throw new Error(`App "${app.name}" needs a numeric port.`);
    names.add(app.name);
    const entry = app.entry ?? `dist/apps/${app.name}/apps/${app.name}/src/main.js`;
    return {
      name: app.name,
      port: app.port,
      health: app.health ?? '/health',
      public: Boolean(app.public),
      build: app.build !== false,
      entry: path.resolve(root, entry),
      args: app.args ?? [],
      replicated: app.replicated !== false,
      opsPort: app.opsPort ?? null,
      ...(app.startIf && { startIf: app.startIf }),
    };
  });
  if (normalised.filter((app) => app.public).length !== 1) {
    throw new Error('Exactly one app in the registry must be marked public (the gateway).');
  }
  const webEntry = web
    ? { name: web.name, dist: path.resolve(root, web.dist), build: web.build !== false }
    : null;
  return { apps: normalised, web: webEntry };
}

/**
 * The registry without the apps this run does not need (an entry's `startIf` says no), e.g. the Stripe
 * sandbox when real Stripe keys are configured.
 * @param {Registry} registry
 * @param {RunContext} run
 * @returns {Registry}
 */
function appsForRun(registry, run) {
  return { ...registry, apps: registry.apps.filter((app) => !app.startIf || app.startIf(run)) };
}

/**
 * Nx projects to build before starting the stack.
 * @param {Registry} registry
 */
function buildProjects(registry) {
  const projects = registry.apps.filter((app) => app.build).map((app) => app.name);
  if (registry.web?.build) projects.push(registry.web.name);
  return projects;
}

/** Replicas of every app unless KITTY_REPLICAS says otherwise: one for npm start, three for the test stacks. */
const DEFAULT_REPLICAS = { development: 1, test: 3 };
const MAX_REPLICAS = 16;

/**
 * How many processes of each app this run starts: KITTY_<APP>_REPLICAS, else KITTY_REPLICAS, else the
 * mode's default. An app marked `replicated: false` (the Stripe sandbox: not our service, and its state
 * lives in one process) always runs once.
 * @param {Registry} registry
 * @param {RunContext} run
 * @returns {Record<string, number>}
 */
function replicaCounts(registry, { mode, userEnv }) {
  /** @param {string} variable @param {number} fallback */
  const read = (variable, fallback) => {
    const raw = userEnv[variable];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > MAX_REPLICAS)
      throw new Error(`${variable}=${raw}: expected a whole number from 1 to ${MAX_REPLICAS}.`);
    return n;
  };
  const all = read('KITTY_REPLICAS', DEFAULT_REPLICAS[mode]);
  /** @type {Record<string, number>} */
  const counts = {};
  for (const app of registry.apps) {
    counts[app.name] = app.replicated ? read(`KITTY_${envKey(app.name)}_REPLICAS`, all) : 1;
  }
  return counts;
}

/**
 * Environment-variable suffix for an app name: `stripe-sandbox` → `STRIPE_SANDBOX`.
 * @param {string} name
 */
function envKey(name) {
  return name.toUpperCase().replace(/-/g, '_');
}

module.exports = {
  loadRegistry,
  normaliseRegistry,
  appsForRun,
  buildProjects,
  envKey,
  replicaCounts,
  DEFAULT_REPLICAS,
};
