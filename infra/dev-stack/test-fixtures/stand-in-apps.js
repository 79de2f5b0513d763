// @ts-check
'use strict';
// Registry of stand-in apps for testing the launcher: KITTY_APPS_FILE=infra/dev-stack/test-fixtures/stand-in-apps.js
const entry = 'infra/dev-stack/test-fixtures/stand-in-app.js';
/** @type {(name: string, port: number, health: string, extra?: object) => import('../lib/registry').AppEntry} */
const standIn = (name, port, health, extra = {}) => ({
  name,
  port,
  health,
  entry,
  args: [name, health],
  build: false,
  ...extra,
});

const APPS = [
  standIn('gateway', 3000, '/api/health', { public: true }),
  standIn('auth', 3101, '/health'),
  standIn('residency', 3105, '/health'),
  standIn('notifications', 3106, '/health'),
];

module.exports = { APPS, WEB: null };
