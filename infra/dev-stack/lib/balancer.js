// @ts-check
'use strict';
// A round-robin TCP load balancer for the gateway's replicas, so the stack keeps one public address
// whatever the number of replicas. Node 20 has no SO_REUSEPORT (several processes on one port), and a
// proxy at the HTTP level would have to understand keep-alive and upgrades: splicing TCP connections
// leaves HTTP entirely to the gateway. Each connection goes to the next replica; a replica that refuses
// the connection (killed, restarting) is skipped, so a dead replica costs no request that had not reached
// it yet — as a Kubernetes Service does once the pod is out of its endpoints.
const net = require('node:net');

/**
 * @typedef {{ port: number, host?: string }} Backend
 * @typedef {{
 *   port: number, connections: () => number, served: () => Record<string, number>,
 *   setBackends: (backends: Backend[]) => void, close: () => Promise<void>
 * }} Balancer
 */

/**
 * Listens on `port` (every interface, as the apps do) and forwards each connection to the next backend.
 * @param {{ port: number, backends: Backend[], connectTimeoutMs?: number }} options
 * @returns {Promise<Balancer>}
 */
function startBalancer({ port, backends, connectTimeoutMs = 2000 }) {
  let list = [...backends];
  let next = 0;
  /** Connections each backend accepted, by `host:port` (tests check the spread). */
  /** @type {Record<string, number>} */
  const served = {};
  /** @type {Set<net.Socket>} */
  const open = new Set();

  /**
   * Connects to the backends in turn, starting with the next one, until one accepts.
   * @param {number} attemptsLeft
   * @returns {Promise<net.Socket | null>}
   */
  const connect = (attemptsLeft) =>
    new Promise((resolve) => {
      if (attemptsLeft === 0 || list.length === 0) return resolve(null);
      const backend = list[next % list.length];
      next = (next + 1) % list.length;
      const upstream = net.connect({ port: backend.port, host: backend.host ?? '127.0.0.1' });
      const fail = () => {
        upstream.destroy();
        resolve(connect(attemptsLeft - 1));
      };
      upstream.setTimeout(connectTimeoutMs, fail);
      upstream.once('error', fail);
      upstream.once('connect', () => {
        upstream.setTimeout(0);
        upstream.removeListener('error', fail);
        const key = `${backend.host ?? '127.0.0.1'}:${backend.port}`;
        served[key] = (served[key] ?? 0) + 1;
        resolve(upstream);
      });
    });

  const server = net.createServer({ pauseOnConnect: true }, async (client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    const upstream = await connect(list.length);
    if (!upstream || client.destroyed) {
      upstream?.destroy();
      client.destroy();
      return;
    }
    open.add(upstream);
    upstream.once('close', () => open.delete(upstream));
    // Either side failing or closing ends the other: a half-dead pair would hang the client.
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    client.once('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port }, () => {
      server.removeListener('error', reject);
      resolve({
        port: /** @type {net.AddressInfo} */ (server.address()).port,
        connections: () => open.size,
        served: () => ({ ...served }),
        setBackends: (replacement) => {
          list = [...replacement];
        },
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            for (const socket of open) socket.destroy();
          }),
      });
    });
  });
}

module.exports = { startBalancer };
