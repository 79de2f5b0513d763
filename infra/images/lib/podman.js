// @ts-check
'use strict';
// Whether this machine can build and run the stack's images (npm test's deploy phase).
const path = require('node:path');
const { spawnSync } = require('node:child_process');

/** podman's settings for this kind of machine (runc, cgroupfs, no default ulimits). */
const CONTAINERS_CONF = path.resolve(__dirname, '../containers.conf');

/** The environment podman and podman-compose run with here. */
function podmanEnv(base = process.env) {
  return { ...base, CONTAINERS_CONF };
}

const TOOLS = [
  ['podman', 'apt-get install -y podman runc'],
  ['podman-compose', 'apt-get install -y podman-compose'],
  ['mmdebstrap', 'apt-get install -y mmdebstrap'],
];

/**
 * Why the images cannot be built and run here, or null when they can.
 * @returns {string | null}
 */
function podmanUnavailable() {
  for (const [tool, hint] of TOOLS) {
    const version = spawnSync(tool, ['--version'], { env: podmanEnv(), encoding: 'utf8' });
    if (version.status !== 0) return `${tool} is not installed (${hint})`;
  }
  const info = spawnSync('podman', ['info', '--format', '{{.Host.OCIRuntime.Name}}'], {
    env: podmanEnv(),
    encoding: 'utf8',
  });
  if (info.status !== 0) return `podman cannot start here: ${(info.stderr ?? '').trim().split('\n').at(-1)}`;
  return null;
}

module.exports = { CONTAINERS_CONF, podmanEnv, podmanUnavailable };
