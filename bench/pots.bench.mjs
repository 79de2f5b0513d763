// Pots read path benchmark: a pot of 20 members × 2,000 expenses, read through the gateway with
// autocannon, the same read in-process straight on Prisma, and settle-up for 12 and 200 members.
// Needs a running stack (`npm start`) and the built apps: `npm run bench:pots`.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

import autocannon from 'autocannon';

import { DATABASE_URL, GATEWAY, percentile, pool, potOfNewMembers, recordSeededExpense } from './lib.mjs';

const require = createRequire(import.meta.url);
const MEMBERS = 20;
const EXPENSES = 2000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

async function seed() {
  const { owner, pot, members } = await potOfNewMembers({
    label: 'Bench',
    size: MEMBERS,
    ipPrefix: '198.18',
  });
  const started = performance.now();
  await pool(
    Array.from({ length: EXPENSES }, (_, i) => i),
    16,
    (i) => recordSeededExpense(pot, owner, members, i),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `seeded ${EXPENSES} expenses in ${seconds.toFixed(1)} s (${(EXPENSES / seconds).toFixed(0)} writes/s, 16 concurrent)`,
  );
  return { owner, pot };
}

function load(title, path, token) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${GATEWAY}${path}`,
        connections: 50,
        duration: DURATION_S,
        headers: { authorization: `Bearer ${token}` },
      },
      (error, result) => {
        if (error) return reject(error);
        const line = `${title}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (non-2xx ${result.non2xx})`;
        console.log(line);
        resolve(result);
      },
    );
  });
}

async function inProcess(potId, userId) {
  const dist = '../dist/apps/pots/apps/pots/src';
  const { PrismaService } = require(`${dist}/prisma.service.js`);
  const { BalancesService } = require(`${dist}/services/balances.service.js`);
  const prisma = new PrismaService({ DATABASE_URL });
  const service = new BalancesService(prisma);
  const caller = { userId, email: 'bench@example.com', name: 'Bench' };
  for (let i = 0; i < 200; i += 1) await service.balances({ caller, potId });
  const times = [];
  const started = performance.now();
  while (performance.now() - started < DURATION_S * 1000) {
    const t = performance.now();
    await service.balances({ caller, potId });
    times.push(performance.now() - t);
  }
  await prisma.$disconnect();
  times.sort((a, b) => a - b);
  const perSecond = times.length / DURATION_S;
  console.log(
    `in-process BalancesService.balances (1 caller, sequential): ${perSecond.toFixed(0)} ops/s, p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`,
  );
  return perSecond;
}

function settleUpTiming() {
  const { settleUp } = require('../dist/apps/pots/libs/money/src/index.js');
  for (const members of [12, 200]) {
    const positions = Array.from({ length: members }, (_, i) => [`m${String(i).padStart(3, '0')}`, 0]);
    let balance = 0;
    for (let i = 0; i < members - 1; i += 1) {
      const amount = ((i * 7919) % 9000) + 1 - 4500 || 1;
      positions[i][1] = amount;
      balance += amount;
    }
    positions[members - 1][1] = -balance;
    const runs = members === 12 ? 200 : 2000;
    const started = performance.now();
    for (let i = 0; i < runs; i += 1) settleUp(positions);
    const ms = (performance.now() - started) / runs;
    console.log(
      `settle-up, ${members} members (all non-zero): ${ms.toFixed(3)} ms per plan (${settleUp(positions).length} transfers)`,
    );
  }
}

const { owner, pot } = await seed();
await load('GET /api/pots (gateway, 50 connections)', '/api/pots', owner.accessToken);
const balances = await load(
  `GET /api/pots/:id/balances (gateway, 50 connections)`,
  `/api/pots/${pot.id}/balances`,
  owner.accessToken,
);
const direct = await inProcess(pot.id, owner.user.id);
console.log(`ratio gateway/in-process for balances: ${(balances.requests.average / direct).toFixed(2)}`);
settleUpTiming();
