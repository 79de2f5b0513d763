// RPC round trip: Kitty's request queues (competing consumers, BLMOVE) against Nest's Redis pub/sub
// transport, measured side by side in one run: same payload, one server process, c=1 and c=50.
//   npm run bench:rpc            (needs Redis on REDIS_URL, default 127.0.0.1:6379; builds pots if needed)
// The server runs in a child process, the client here, so each side has its own event loop.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { cpuSnapshot, cpuSpent } from '../infra/perf/cpu.mjs';
import { percentile } from './lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PATTERN = 'pots.bench-echo.v1';
// A reply the size of a small pot read (~0.6 kB of JSON).
const REPLY = {
  potId: randomUUID(),
  members: Array.from({ length: 6 }, (_, i) => ({
    userId: randomUUID(),
    name: `Member ${i}`,
    netPence: i * 137,
  })),
};
const NEST_COMMON = path.join(ROOT, 'dist/apps/pots/libs/nest-common/src/index.js');

function redisOptions() {
  const url = new URL(REDIS_URL);
  return { host: url.hostname, port: Number(url.port || 6379) };
}

async function serve(transport, prefix) {
  let server;
  if (transport === 'queue') {
    const { RpcQueueServer } = require(NEST_COMMON);
    server = new RpcQueueServer({ redisUrl: REDIS_URL, prefix, service: 'pots' });
  } else {
    const { ServerRedis } = require('@nestjs/microservices');
    server = new ServerRedis(redisOptions());
  }
  server.addHandler(PATTERN, async () => REPLY);
  await server.listen(() => process.send?.('ready'));
  process.on('message', async () => {
    await server.close();
    process.exit(0);
  });
}

function startServer(transport, prefix) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve', transport, prefix], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve) => child.once('message', () => resolve(child)));
}

async function client(transport, prefix) {
  const { firstValueFrom } = require('rxjs');
  let proxy;
  if (transport === 'queue') {
    const { RpcQueueClient } = require(NEST_COMMON);
    proxy = new RpcQueueClient({ redisUrl: REDIS_URL, prefix });
  } else {
    const { ClientRedis } = require('@nestjs/microservices');
    proxy = new ClientRedis(redisOptions());
  }
  await proxy.connect();
  return {
    call: () => firstValueFrom(proxy.send(PATTERN, { potId: REPLY.potId })),
    close: () => proxy.close(),
  };
}

/** µs of CPU per call the server, this client and Redis spent between two snapshots. */
function cpuPerCall(before, after, calls) {
  const spent = new Map(cpuSpent(before, after));
  const us = (group) => ((spent.get(group) ?? 0) * 1e6) / calls;
  return { server: us('server'), client: us('client'), redis: us('redis') };
}

async function measure(rpc, total, concurrency, names) {
  const latencies = [];
  let next = 0;
  const cpuBefore = cpuSnapshot(names);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) {
        const t = performance.now();
        await rpc.call();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuPerCall(cpuBefore, cpuSnapshot(names), total);
  latencies.sort((a, b) => a - b);
  return { rps: total / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpu };
}

async function bench() {
  if (!existsSync(NEST_COMMON)) {
    console.log('Building pots (for the transport code in dist/)…');
    const built = spawnSync(process.execPath, [require.resolve('nx/bin/nx.js'), 'run', 'pots:build'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    });
    if (built.status !== 0) process.exit(1);
  }
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const results = { pubsub: { 1: [], 50: [] }, queue: { 1: [], 50: [] } };
  // Alternating rounds, so drift on a shared machine touches both transports alike.
  for (let round = 0; round < rounds; round++) {
    for (const transport of ['pubsub', 'queue']) {
      const prefix = `bench-rpc-${randomUUID().slice(0, 8)}`;
      const server = await startServer(transport, prefix);
      const rpc = await client(transport, prefix);
      const names = new Map([
        [server.pid, 'server'],
        [process.pid, 'client'],
      ]);
      await measure(rpc, 500, 10, names); // warm-up
      results[transport][1].push(await measure(rpc, 2000, 1, names));
      results[transport][50].push(await measure(rpc, 20000, 50, names));
      await rpc.close();
      server.send('stop');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const summary = (runs) => ({
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    server: median(runs.map((r) => r.cpu.server)),
    client: median(runs.map((r) => r.cpu.client)),
    redis: median(runs.map((r) => r.cpu.redis)),
  });
  console.log(
    `\nRPC round trip, ${rounds} alternating rounds (medians), reply ${JSON.stringify(REPLY).length} B\n`,
  );
  console.log(
    'concurrency | transport              |    req/s |  p50 ms |  p99 ms | CPU µs per call: server | client | Redis',
  );
  for (const c of [1, 50]) {
    const pubsub = summary(results.pubsub[c]);
    const queue = summary(results.queue[c]);
    for (const [name, r] of [
      ['Nest Redis pub/sub', pubsub],
      ['Kitty request queues', queue],
    ])
      console.log(
        `${String(c).padStart(11)} | ${name.padEnd(22)} | ${r.rps.toFixed(0).padStart(8)} | ${r.p50.toFixed(3).padStart(7)} | ${r.p99.toFixed(3).padStart(7)} | ${r.server.toFixed(0).padStart(23)} | ${r.client.toFixed(0).padStart(6)} | ${r.redis.toFixed(0).padStart(5)}`,
      );
    console.log(
      `${' '.repeat(11)} | queues / pub/sub: ${(queue.rps / pubsub.rps).toFixed(2)}× throughput, p50 ${queue.p50 - pubsub.p50 >= 0 ? '+' : ''}${(queue.p50 - pubsub.p50).toFixed(3)} ms`,
    );
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3], process.argv[4]);
else await bench();
