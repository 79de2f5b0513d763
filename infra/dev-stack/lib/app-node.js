// @ts-check
'use strict';
// Which Node.js the apps run on. The images ship their own (infra/images/lib/shipped-node.js, 24.21.0)
// and the machine's may be older (Node 20 here, a third more CPU per request, and past its end of life), so
// `npm start` and `npm test` run the stack on the shipped one: what a developer tries and the suites pass is
// what production runs. The launcher, jest, Nx and the browser stay on the machine's Node. KITTY_NODE
// chooses; docs/dev-stack.md, 'The shipped Node.js'.
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../..');
// The images' project owns the version and the fetch; loaded by path, as one Nx project reads another's file.
/** @type {import('../../images/lib/shipped-node.js')} */
const { SHIPPED_NODE_VERSION, fetchShippedNode } = require(
  path.join(ROOT, 'infra/images/lib/shipped-node.js'),
);

/** @typedef {'shipped' | 'machine'} NodeChoice */

/**
 * KITTY_NODE if it names a choice, else the shipped Node, for `npm start` as for `npm test`.
 * @param {NodeJS.ProcessEnv} userEnv
 * @returns {NodeChoice}
 */
function nodeChoice(userEnv) {
  const asked = userEnv.KITTY_NODE;
  if (asked === 'shipped' || asked === 'machine') return asked;
  if (asked) throw new Error(`KITTY_NODE must be 'shipped' or 'machine', not '${asked}'.`);
  return 'shipped';
}

/**
 * The `node` binary to start the apps with, and how to name it. The shipped one is fetched once into
 * .kitty/node-<version>/ from the npm registry; if that fails the machine's is used, said aloud.
 * @param {NodeJS.ProcessEnv} userEnv
 * @param {(text: string) => void} warn
 * @returns {{ binary: string, label: string }}
 */
function appNode(userEnv, warn) {
  const machine = { binary: process.execPath, label: `Node ${process.version} (this machine's)` };
  if (nodeChoice(userEnv) === 'machine') return machine;
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
