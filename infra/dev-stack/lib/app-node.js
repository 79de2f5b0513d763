// @ts-check
'use strict';
// Which Node.js the apps run on. The images ship their own (infra/images/lib/shipped-node.js, 24.21.0)
// and the machine's may be older (Node 20 here, a third more CPU per request), so `npm test` runs the
// stack on the shipped one: what the suites pass is what production runs. The launcher, jest, Nx and the
// browser stay on the machine's Node. KITTY_NODE chooses; docs/dev-stack.md, 'The shipped Node.js'.
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../..');
// The images' project owns the version and the fetch; loaded by path, as one Nx project reads another's file.
/** @type {import('../../images/lib/shipped-node.js')} */
const { SHIPPED_NODE_VERSION, fetchShippedNode } = require(
  path.join(ROOT, 'infra/images/lib/shipped-node.js'),
);

/** @typedef {'shipped' | 'machine'} NodeChoice */

/**
 * KITTY_NODE if it names a choice, else the mode's default: the shipped Node for tests, the machine's for
 * `npm start` (no download before a newcomer's first start; `npm start -- --shipped-node` asks for it).
 * @param {'development' | 'test'} mode
 * @param {NodeJS.ProcessEnv} userEnv
 * @returns {NodeChoice}
 */
function nodeChoice(mode, userEnv) {
  const asked = userEnv.KITTY_NODE;
  if (asked === 'shipped' || asked === 'machine') return asked;
  if (asked) throw new Error(`KITTY_NODE must be 'shipped' or 'machine', not '${asked}'.`);
  return mode === 'test' ? 'shipped' : 'machine';
}

/**
 * The `node` binary to start the apps with, and how to name it. The shipped one is fetched once into
 * .kitty/node-<version>/ from the npm registry; if that fails the machine's is used, said aloud.
 * @param {'development' | 'test'} mode
 * @param {NodeJS.ProcessEnv} userEnv
 * @param {(text: string) => void} warn
 * @returns {{ binary: string, label: string }}
 */
function appNode(mode, userEnv, warn) {
  const machine = { binary: process.execPath, label: `Node ${process.version} (this machine's)` };
  if (nodeChoice(mode, userEnv) === 'machine') return machine;
  try {
    const binary = fetchShippedNode(path.join(ROOT, '.kitty', `node-${SHIPPED_NODE_VERSION}`));
    return { binary, label: `Node v${SHIPPED_NODE_VERSION} (as the images ship it)` };
  } catch (error) {
    warn(
      `Could not fetch Node ${SHIPPED_NODE_VERSION} (the images' own) from the npm registry ` +
        `(${/** @type {Error} */ (error).message.split('\n')[0]}); the apps run on this machine's ${process.version}.`,
    );
    return machine;
  }
}

module.exports = { nodeChoice, appNode };
