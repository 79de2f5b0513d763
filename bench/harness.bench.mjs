// Kitty's request path against a bare chain built from the project's own dependencies:
//   Nest + Fastify → Nest's Redis transport → a Nest service → one pg primary-key read
// measured side by side in one run, alternating chain / Kitty per endpoint over ROUNDS rounds (autocannon,
// 50 connections). Prints req/s and latency of each, Kitty ÷ chain per endpoint (median of the rounds), and
// the gateway's log volume per 10,000 requests (target: ≤ 5 MB). Beside req/s it prints the CPU the serving
// processes spent per request (Kitty's apps and balancer, the chain's two processes; Postgres and Redis,
// shared with whatever else runs, are not counted): on shared cores the steadier of the two ratios.
//   KITTY_REPLICAS=3 npm start      (the stack under test: every app's replicas, access logs on)
//   npm run bench:harness           (ROUNDS, BENCH_SECONDS, CONNECTIONS to change the run)
// The chain's two processes are children of this one; the load generator runs here.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

import { DATABASE_URL, GATEWAY, REDIS_URL, seededMemberHeavyPot } from './lib.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const CHAIN_PORT = Number(process.env.CHAIN_PORT ?? 3990);
const CHAIN_PATTERN = 'chain.read';
const MEMBERS = 20;
const EXPENSES = 200;
const LOG_DIR = path.join(ROOT, '.kitty', 'logs');

const redisOptions = () => {
  const url = new URL(REDIS_URL);
  return { host: url.hostname, port: Number(url.port || 6379) };
};

// Decorators applied by hand: this file is plain JavaScript, run without a compiler.
const decorateMethod = (decorator, target, name) =>
  decorator(target.prototype, name, Object.getOwnPropertyDescriptor(target.prototype, name));

/** The chain's service: a Nest microservice on the Redis transport answering with one row read by its key. */
async function chainService() {
  require('reflect-metadata');
  const { Controller, Module } = require('@nestjs/common');
  const { NestFactory } = require('@nestjs/core');
  const { MessagePattern, Transport } = require('@nestjs/microservices');
  const { Pool } = require('pg');
  const pool = new Pool({ connectionString: DATABASE_URL, max: 10 });

  class ChainHandler {
    async read({ id }) {
      const { rows } = await pool.query(
        'SELECT id, name, created_by, created_at FROM pots.pots WHERE id = $1',
        [id],
      );
      return rows[0] ?? null;
    }
  }
  decorateMethod(MessagePattern(CHAIN_PATTERN), ChainHandler, 'read');
  Controller()(ChainHandler);
  class ChainServiceModule {}
  Module({ controllers: [ChainHandler] })(ChainServiceModule);

  const app = await NestFactory.createMicroservice(ChainServiceModule, {
    transport: Transport.REDIS,
    options: redisOptions(),
    logger: false,
  });
  await app.listen();
  process.send?.('ready');
}

/** The chain's gateway: Nest on Fastify, one route that asks the service over the Redis transport. */
async function chainGateway() {
  require('reflect-metadata');
  const { Controller, Get, Inject, Module, Param } = require('@nestjs/common');
  const { NestFactory } = require('@nestjs/core');
  const { ClientsModule, Transport } = require('@nestjs/microservices');
  const { FastifyAdapter } = require('@nestjs/platform-fastify');
  const { firstValueFrom } = require('rxjs');

  class ChainController {
    constructor(client) {
      this.client = client;
    }
    read(id) {
      return firstValueFrom(this.client.send(CHAIN_PATTERN, { id }));
    }
  }
  Inject('CHAIN')(ChainController, undefined, 0);
  Param('id')(ChainController.prototype, 'read', 0);
  decorateMethod(Get(':id'), ChainController, 'read');
  Controller('chain')(ChainController);
  class ChainGatewayModule {}
  Module({
    imports: [
      ClientsModule.register([{ name: 'CHAIN', transport: Transport.REDIS, options: redisOptions() }]),
    ],
    controllers: [ChainController],
  })(ChainGatewayModule);

  const app = await NestFactory.create(ChainGatewayModule, new FastifyAdapter(), { logger: false });
  await app.listen(CHAIN_PORT, '127.0.0.1');
  process.send?.('ready');
}

const STACK_FILE = path.join(ROOT, '.kitty', 'stack.json');
/** What npm start recorded of the running stack, or null when none was. */
const recordedStack = () => (existsSync(STACK_FILE) ? JSON.parse(readFileSync(STACK_FILE, 'utf8')) : null);

/**
 * The Node.js binary the running stack's apps run on (`npm start` records it in .kitty/stack.json;
 * `--shipped-node` makes it the images' own): the chain runs on the same one, so the ratio compares code.
 */
function stackNode() {
  const recorded = recordedStack()?.appNode;
  return typeof recorded === 'string' && existsSync(recorded) ? recorded : process.execPath;
}

function startChild(role) {
  const child = spawn(stackNode(), [fileURLToPath(import.meta.url), role], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`chain ${role} exited with ${code}`)));
  });
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Bytes the gateway replicas have written to their logs so far (npm start keeps one file per replica). */
function gatewayLogBytes() {
  if (!existsSync(LOG_DIR)) return 0;
  return readdirSync(LOG_DIR)
    .filter((name) => /^gateway(-\d+)?\.log$/.test(name))
    .reduce((sum, name) => sum + statSync(path.join(LOG_DIR, name)).size, 0);
}

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. Linux only. */
function cpuSeconds(pid) {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The stack's app processes as npm start recorded them, and the launcher (it holds the gateway balancer). */
function kittyPids() {
  const stack = recordedStack();
  if (!stack) throw new Error(`${STACK_FILE} records no stack: start one with npm start`);
  return [stack.pid, ...stack.children.filter((child) => child.name !== 'maildev').map((child) => child.pid)];
}

const cpuOf = (pids) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/** CPU seconds per second the processes spend with nothing to serve (timers, polls, heartbeats). */
async function idleRate(pids, seconds = 5) {
  const before = cpuOf(pids);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return (cpuOf(pids) - before) / seconds;
}

/**
 * One autocannon run, with the CPU the serving processes spent per request beyond their idle rate: with a
 * load generator and other work on the same cores, CPU per request is the steadier figure of the two.
 */
async function measure(url, headers, pids, idle) {
  const cpuBefore = cpuOf(pids);
  const started = performance.now();
  const result = await load(url, headers);
  const busy = cpuOf(pids) - cpuBefore - (idle * (performance.now() - started)) / 1000;
  result.cpuMsPerRequest = (Math.max(0, busy) * 1000) / Math.max(1, result.requests.total);
  return result;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const describe = (result) =>
  `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
  `${result.cpuMsPerRequest.toFixed(2)} ms CPU/req` +
  (result.non2xx ? `, non-2xx ${result.non2xx}` : '') +
  (result.errors ? `, errors ${result.errors}` : '');

async function main() {
  console.log(`seeding a ${MEMBERS}-member pot with ${EXPENSES} expenses through ${GATEWAY} …`);
  console.log(`the chain runs on ${stackNode()}, as the stack's apps do`);
  const { token, potId } = await seededMemberHeavyPot({
    label: 'Harness',
    ipPrefix: '198.19',
    members: MEMBERS,
    expenses: EXPENSES,
  });
  const service = await startChild('chain-service');
  const gateway = await startChild('chain-gateway');
  const chainUrl = `http://127.0.0.1:${CHAIN_PORT}/chain/${potId}`;
  const probe = await fetch(chainUrl);
  if (!probe.ok || !(await probe.json())?.id) throw new Error(`the chain answered ${probe.status}`);

  const endpoints = [
    { name: 'GET /api/pots/:id/balances', path: `/api/pots/${potId}/balances`, target: 0.5 },
    { name: 'GET /api/pots', path: '/api/pots', target: 0.4 },
    { name: 'GET /api/me', path: '/api/me', target: 0.6 },
  ];
  const ratios = new Map(endpoints.map((endpoint) => [endpoint.name, []]));
  const cpuRatios = new Map(endpoints.map((endpoint) => [endpoint.name, []]));
  const chainPids = [service.pid, gateway.pid];
  const stackPids = kittyPids();
  const [chainIdle, stackIdle] = [await idleRate(chainPids), await idleRate(stackPids)];
  console.log(
    `idle CPU: Kitty's ${stackPids.length} processes ${(stackIdle * 100).toFixed(0)}% of a core, ` +
      `the chain's 2 ${(chainIdle * 100).toFixed(0)}% (left out of the per-request figures)`,
  );
  let kittyRequests = 0;
  let kittyLogBytes = 0;
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const endpoint of endpoints) {
      const chain = await measure(chainUrl, {}, chainPids, chainIdle);
      const logBefore = gatewayLogBytes();
      const kitty = await measure(
        `${GATEWAY}${endpoint.path}`,
        { authorization: `Bearer ${token}` },
        stackPids,
        stackIdle,
      );
      kittyLogBytes += gatewayLogBytes() - logBefore;
      kittyRequests += kitty.requests.total;
      const ratio = kitty.requests.average / chain.requests.average;
      ratios.get(endpoint.name).push(ratio);
      cpuRatios.get(endpoint.name).push(chain.cpuMsPerRequest / kitty.cpuMsPerRequest);
      console.log(
        `round ${round} ${endpoint.name}: Kitty ${describe(kitty)} | chain ${describe(chain)} | ${ratio.toFixed(2)}×`,
      );
    }
  }
  console.log(`\nKitty ÷ bare chain, median of ${ROUNDS} rounds, ${CONNECTIONS} connections:`);
  for (const endpoint of endpoints) {
    const ratio = median(ratios.get(endpoint.name));
    const cpuRatio = median(cpuRatios.get(endpoint.name));
    const verdict = ratio >= endpoint.target ? 'meets' : 'below';
    console.log(
      `  ${endpoint.name.padEnd(28)} ${ratio.toFixed(2)}× req/s, ${cpuRatio.toFixed(2)}× CPU per request ` +
        `(${verdict} the ${endpoint.target}× target)`,
    );
  }
  const perTenThousand = (kittyLogBytes / kittyRequests) * 10_000;
  console.log(
    `gateway log volume: ${(perTenThousand / 1e6).toFixed(2)} MB per 10,000 requests ` +
      `(${kittyRequests} requests, ${(kittyLogBytes / 1e6).toFixed(1)} MB)`,
  );
  service.kill();
  gateway.kill();
}

const role = process.argv[2];
if (role === 'chain-service') await chainService();
else if (role === 'chain-gateway') await chainGateway();
else await main();
