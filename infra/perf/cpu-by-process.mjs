// CPU each process of `npm start` (and Postgres, Redis) spent while a command ran, from /proc:
//   node infra/perf/cpu-by-process.mjs npm run bench:authorizations
// With a count (rows made, say) it is the CPU per unit of work that tells where the time goes: wall-clock
// profiles and req/s move with whatever else shares the two cores.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TICKS_PER_SECOND = 100;
const STACK_FILE = path.join(ROOT, '.kitty', 'stack.json');
if (!existsSync(STACK_FILE))
  throw new Error(`${STACK_FILE} is missing: start the stack with npm start first`);
const stack = JSON.parse(readFileSync(STACK_FILE, 'utf8'));
const names = new Map([[stack.pid, 'launcher'], ...stack.children.map((child) => [child.pid, child.name])]);

/** CPU seconds so far of every process, with the group it counts under. */
function snapshot() {
  const cpu = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(entry);
    const group =
      names.get(pid) ??
      (command.startsWith('postgres')
        ? 'postgres'
        : command.startsWith('redis')
          ? 'redis'
          : `other: ${command}`);
    cpu.set(pid, [group, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND]);
  }
  return cpu;
}

const before = snapshot();
const started = performance.now();
const [command, ...args] = process.argv.slice(2);
spawnSync(command, args, { stdio: 'inherit', cwd: ROOT });
const seconds = (performance.now() - started) / 1000;
const spent = new Map();
for (const [pid, [group, cpu]] of snapshot())
  spent.set(group, (spent.get(group) ?? 0) + cpu - (before.get(pid)?.[1] ?? 0));
console.log(`\nCPU while it ran (${seconds.toFixed(1)} s):`);
for (const [group, cpu] of [...spent].sort((a, b) => b[1] - a[1]).filter(([, cpu]) => cpu >= 0.05))
  console.log(
    `  ${group.padEnd(24)} ${cpu.toFixed(2)} s  (${((cpu / seconds) * 100).toFixed(0)} % of a core)`,
  );
