// @ts-check
'use strict';
const net = require('node:net');
const { spawnSync } = require('node:child_process');

/** @typedef {{ key: string, label: string, port: number, explicit: boolean }} Slot */

/**
 * @param {number} port
 * @param {string} host
 * @returns {Promise<string | null>} null when it could listen, else the error code
 */
function tryListen(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (error) => resolve(/** @type {NodeJS.ErrnoException} */ (error).code ?? 'ERROR'));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/** True when nothing listens on `port` on any IPv4 or IPv6 address (apps bind every interface). */
/** @param {number} port */
async function isPortFree(port) {
  const v4 = await tryListen(port, '0.0.0.0');
  if (v4) return false;
  const v6 = await tryListen(port, '::');
  // A machine without IPv6 cannot have the port taken there.
  return v6 === null || v6 === 'EAFNOSUPPORT' || v6 === 'EADDRNOTAVAIL';
}

/**
 * A port the operating system considers free right now.
 * @returns {Promise<number>}
 */
function ephemeralPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host: '0.0.0.0', exclusive: true }, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves true when a TCP connection to host:port succeeds within `timeoutMs`.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function canConnect(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (/** @type {boolean} */ ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Best effort: which program listens on a port (needs `ss`; empty when unknown).
 * @param {number} port
 */
function describePortOwner(port) {
  const result = spawnSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
  if (result.status !== 0) return '';
  const match = /users:\(\("([^"]+)",pid=(\d+)/.exec(result.stdout);
  return match ? `${match[1]} (pid ${match[2]})` : '';
}

/**
 * Chooses a port for every wanted slot.
 * wanted: [{ key, label, port, explicit }] — `explicit` when the user asked for that port, in which case
 * a busy port is an error; otherwise the next free port above the default is taken and reported.
 * With `ephemeral`, every slot gets a fresh port from the operating system (test runs).
 * @param {Slot[]} wanted
 * @param {{ ephemeral?: boolean, isFree?: (port: number) => Promise<boolean>, ownerOf?: (port: number) => string }} [options]
 * @returns {Promise<{ ports: Record<string, number>, notes: string[] }>}
 */
async function allocatePorts(
  wanted,
  { ephemeral = false, isFree = isPortFree, ownerOf = describePortOwner } = {},
) {
  /** @type {Record<string, number>} */
  const ports = {};
  /** @type {string[]} */
  const notes = [];
  const taken = new Set();
  for (const slot of wanted) {
    if (ephemeral && !slot.explicit) {
      let port = await ephemeralPort();
      while (taken.has(port)) port = await ephemeralPort();
      ports[slot.key] = port;
      taken.add(port);
      continue;
    }
    if (!taken.has(slot.port) && (await isFree(slot.port))) {
      ports[slot.key] = slot.port;
      taken.add(slot.port);
      continue;
    }
    const owner = ownerOf(slot.port);
    const who = owner ? ` by ${owner}` : '';
    if (slot.explicit) {
      throw new Error(
        `Port ${slot.port} for ${slot.label} is already in use${who}. Free it or choose another port.`,
      );
    }
    let candidate = slot.port + 1;
    while (taken.has(candidate) || !(await isFree(candidate))) {
      candidate += 1;
      if (candidate > slot.port + 200)
        throw new Error(`No free port found near ${slot.port} for ${slot.label}.`);
    }
    ports[slot.key] = candidate;
    taken.add(candidate);
    notes.push(`Port ${slot.port} (${slot.label}) is in use${who}; using ${candidate} instead.`);
  }
  return { ports, notes };
}

module.exports = { isPortFree, ephemeralPort, canConnect, describePortOwner, allocatePorts };
