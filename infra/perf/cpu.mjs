// CPU time by process of a running `npm start` (and of Postgres and Redis), read from /proc: the figure
// that says where the time goes, where req/s and wall-clock profiles move with whatever else shares the
// cores. Used by cpu-by-process.mjs and by the benchmarks. Linux only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TICKS_PER_SECOND = 100;
const STACK_FILE = path.join(ROOT, '.kitty', 'stack.json');

/** Process id → the name it counts under: the stack's apps and its launcher (from .kitty/stack.json). */
function stackNames() {
  if (!existsSync(STACK_FILE))
    throw new Error(`${STACK_FILE} is missing: start the stack with npm start first`);
  const stack = JSON.parse(readFileSync(STACK_FILE, 'utf8'));
  return new Map([[stack.pid, 'launcher'], ...stack.children.map((child) => [child.pid, child.name])]);
}

/**
 * CPU seconds so far of every process, with the group it counts under: `names` (pid → group), else
 * Postgres, Redis or `other: <command>`. By default the names are the running stack's.
 */
export function cpuSnapshot(names = stackNames()) {
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

/** CPU seconds each group spent between two snapshots, largest first. */
export function cpuSpent(before, after) {
  const spent = new Map();
  for (const [pid, [group, cpu]] of after)
    spent.set(group, (spent.get(group) ?? 0) + cpu - (before.get(pid)?.[1] ?? 0));
  return [...spent].sort((a, b) => b[1] - a[1]);
}

/**
 * "stack 50.6 ms: notifications 9.0, payments 8.6, …" — CPU milliseconds per unit of work between two
 * snapshots. The stack's figure counts its processes (the apps, MailDev, the Stripe sandbox), Postgres and
 * Redis; not the launcher, nor the load generator.
 */
export function cpuPerUnit(before, after, units) {
  const spent = cpuSpent(before, after).filter(([, seconds]) => seconds > 0);
  const ms = (seconds) => ((seconds * 1000) / units).toFixed(1);
  const stack = spent
    .filter(([group]) => group !== 'launcher' && !group.startsWith('other: '))
    .reduce((sum, [, seconds]) => sum + seconds, 0);
  const shown = spent.filter(([, seconds]) => (seconds * 1000) / units >= 0.05);
  return `stack ${ms(stack)} ms: ${shown.map(([group, seconds]) => `${group} ${ms(seconds)}`).join(', ')}`;
}
