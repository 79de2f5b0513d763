// CPU profile of one running app of `npm start`, without restarting it:
//   node infra/perf/profile.mjs <app> [seconds=8] [out=/tmp/<app>.cpuprofile]
// Attaches the inspector with SIGUSR1 (one process at a time: it listens on 127.0.0.1:9229), samples for
// the given seconds while you load the stack, detaches, writes the profile (open it in Chromium's DevTools)
// and prints self time by package and by function. V8 samples wall-clock time: a syscall such as `writev`
// looks heavy when the process was descheduled inside it; compare with CPU from cpu-by-process.mjs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WebSocket = createRequire(path.join(ROOT, 'package.json'))('ws');
const [app, seconds = '8', out = `/tmp/${app}.cpuprofile`] = process.argv.slice(2);
const STACK_FILE = path.join(ROOT, '.kitty', 'stack.json');
if (!existsSync(STACK_FILE))
  throw new Error(`${STACK_FILE} is missing: start the stack with npm start first`);
const stack = JSON.parse(readFileSync(STACK_FILE, 'utf8'));
const child = stack.children.find((candidate) => candidate.name === app);
if (!child)
  throw new Error(`no app ${app} in .kitty/stack.json: ${stack.children.map((c) => c.name).join(', ')}`);

process.kill(child.pid, 'SIGUSR1');
await new Promise((resolve) => setTimeout(resolve, 700));
const [target] = await (await fetch('http://127.0.0.1:9229/json/list')).json();
const socket = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((resolve) => socket.once('open', resolve));
let lastId = 0;
const waiting = new Map();
socket.on('message', (raw) => {
  const message = JSON.parse(raw);
  waiting.get(message.id)?.(message);
  waiting.delete(message.id);
});
const send = (method, params = {}) =>
  new Promise((resolve) => {
    lastId += 1;
    waiting.set(lastId, resolve);
    socket.send(JSON.stringify({ id: lastId, method, params }));
  });
await send('Profiler.enable');
await send('Profiler.setSamplingInterval', { interval: 200 });
await send('Profiler.start');
await new Promise((resolve) => setTimeout(resolve, Number(seconds) * 1000));
const { result } = await send('Profiler.stop');
writeFileSync(out, JSON.stringify(result.profile));
// Closes the app's inspector: the answer never comes, the socket just ends.
void send('Runtime.evaluate', { expression: 'process._debugEnd()' });
await new Promise((resolve) => socket.once('close', resolve));
console.log(`${app} (pid ${child.pid}): ${out}`);

const profile = result.profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const byFunction = new Map();
const byPackage = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const micros = profile.timeDeltas[i] ?? 0;
  total += micros;
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const where = url.replace(/^.*node_modules\//, '~').replace(`file://${ROOT}/`, '');
  const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber}`;
  const pkg = url.includes('node_modules/')
    ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
    : url === '' || url.startsWith('node:')
      ? functionName.startsWith('(')
        ? functionName
        : 'node'
      : where.split('/').slice(0, 3).join('/');
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
});
const top = (counts, n) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .forEach(([name, micros]) =>
      console.log(`${((micros / total) * 100).toFixed(1).padStart(5)} %  ${name}`),
    );
console.log(`\n${(total / 1e6).toFixed(1)} s sampled; by package:`);
top(byPackage, 15);
console.log('\nby function:');
top(byFunction, 30);
