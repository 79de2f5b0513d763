// CPU each process of `npm start` (and Postgres, Redis) spent while a command ran, from /proc:
//   node infra/perf/cpu-by-process.mjs npm run bench:authorizations
// With a count (rows made, say) it is the CPU per unit of work that tells where the time goes: wall-clock
// profiles and req/s move with whatever else shares the two cores.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { cpuSnapshot, cpuSpent } from './cpu.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const before = cpuSnapshot();
const started = performance.now();
const [command, ...args] = process.argv.slice(2);
spawnSync(command, args, { stdio: 'inherit', cwd: ROOT });
const seconds = (performance.now() - started) / 1000;
console.log(`\nCPU while it ran (${seconds.toFixed(1)} s):`);
for (const [group, cpu] of cpuSpent(before, cpuSnapshot()).filter(([, cpu]) => cpu >= 0.05))
  console.log(
    `  ${group.padEnd(24)} ${cpu.toFixed(2)} s  (${((cpu / seconds) * 100).toFixed(0)} % of a core)`,
  );
