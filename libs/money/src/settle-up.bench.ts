/**
 * Time per settle-up plan: 12 members (the exact search's limit) and 200 members (the greedy plan).
 * Not a test (no `.spec`). Run: npx tsc -p libs/money/tsconfig.json --outDir tmp/money && node tmp/money/settle-up.bench.js
 */
import { positionsDelta } from './positions';
import { settleUp } from './settle-up';
import { splitEqually } from './split';

type Positions = Array<[string, number]>;

/** A small deterministic generator (mulberry32), so every run measures the same positions. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** n members, all non-zero, summing to 0: amounts in 1..maxPence, the last member balancing. */
function positions(n: number, maxPence: number, seed: number): Positions {
  const next = random(seed);
  const result: Positions = [];
  let sum = 0;
  for (let index = 0; index < n - 1; index++) {
    const value = (1 + (next() % maxPence)) * (next() % 2 === 0 ? 1 : -1);
    result.push([`member-${String(index).padStart(3, '0')}`, value]);
    sum += value;
  }
  if (sum === 0) {
    // Keep the balancing member non-zero too.
    result[0][1] += 1;
    sum += 1;
  }
  result.push([`member-${String(n - 1).padStart(3, '0')}`, -sum]);
  return result;
}

/** 200 members after 2,000 expenses, each split equally among most of them: many equal amounts. */
function afterEqualSplits(seed: number): Positions {
  const next = random(seed);
  const members = Array.from({ length: 200 }, (_, index) => `member-${String(index).padStart(3, '0')}`);
  const net = new Map(members.map((id) => [id, 0]));
  for (let expense = 0; expense < 2000; expense++) {
    const among = members.filter(() => next() % 4 !== 0);
    const payer = members[next() % members.length];
    for (const { memberId, deltaPence } of positionsDelta(
      payer,
      splitEqually(500 + (next() % 20_000), among),
    )) {
      net.set(memberId, (net.get(memberId) ?? 0) + deltaPence);
    }
  }
  return [...net];
}

function measure(label: string, cases: Positions[]): void {
  for (const positions of cases.slice(0, 3)) settleUp(positions); // warm-up
  const runs = Math.max(20, Math.ceil(2000 / cases.length));
  const started = performance.now();
  let transfers = 0;
  for (let run = 0; run < runs; run++) for (const positions of cases) transfers += settleUp(positions).length;
  const perPlan = (performance.now() - started) / (runs * cases.length);
  const average = transfers / (runs * cases.length);
  console.log(`${label}: ${perPlan.toFixed(3)} ms per plan (${average.toFixed(1)} transfers on average)`);
}

const seeds = Array.from({ length: 50 }, (_, index) => index + 1);
measure(
  '12 members, random amounts up to £500',
  seeds.map((seed) => positions(12, 50_000, seed)),
);
// Many equal amounts mean many zero-sum subsets: the most work for the exact search.
measure('12 members, ±£1 each (6 owe, 6 are owed)', [
  Array.from({ length: 12 }, (_, index): [string, number] => [
    `member-${index}`,
    index % 2 === 0 ? -100 : 100,
  ]),
]);
measure(
  '12 members, amounts of £1–£3',
  seeds.map((seed) => positions(12, 3, seed).map(([id, v]): [string, number] => [id, v * 100])),
);
measure(
  '200 members, random amounts up to £500',
  seeds.map((seed) => positions(200, 50_000, seed)),
);
measure('200 members after 2,000 equal splits', seeds.slice(0, 10).map(afterEqualSplits));
