// @ts-check
'use strict';
// A stand-in for a Kitty app, used by the launcher's own tests: serves its health path on HTTP_PORT
// after checking that DATABASE_URL and REDIS_URL (when set) answer, and /env with the variables it was given.
// STAND_IN_CRASH=<name> makes that app fail at boot; STAND_IN_UNHEALTHY=<name> answers 503; STAND_IN_IGNORE_SIGTERM=<name> makes it ignore SIGTERM;
// STAND_IN_NO_PROBES=1 skips the database and Redis checks (tests of the launcher that need neither).
const http = require('node:http');
const { probe: probePostgres } = require('../lib/postgres');
const { probe: probeRedis } = require('../lib/redis');

const [name, healthPath] = process.argv.slice(2);
if (process.env.STAND_IN_CRASH === name) {
  console.error(`${name}: configuration invalid (STAND_IN_CRASH)`);
  process.exit(1);
}

const server = http.createServer(async (req, res) => {
  if (req.url === healthPath) {
    const { DATABASE_URL, REDIS_URL } = process.env;
    const probe = process.env.STAND_IN_NO_PROBES !== '1';
    const [db, redis] = await Promise.all([
      DATABASE_URL && probe ? probePostgres(DATABASE_URL) : 'ok',
      REDIS_URL && probe ? probeRedis(REDIS_URL) : 'ok',
    ]);
    const ok = db === 'ok' && redis === 'ok' && process.env.STAND_IN_UNHEALTHY !== name;
    res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: ok ? 'ok' : 'error', app: name, db: String(db), redis: String(redis) }));
  } else if (req.url === '/env') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(process.env));
  } else {
    res.writeHead(404).end();
  }
});
server.listen(Number(process.env.HTTP_PORT), () =>
  console.log(`${name} listening on ${process.env.HTTP_PORT}`),
);

process.on('SIGTERM', () => {
  if (process.env.STAND_IN_IGNORE_SIGTERM === name) {
    console.log(`${name}: ignoring SIGTERM`);
    return;
  }
  console.log(`${name}: SIGTERM, closing`);
  server.close(() => process.exit(0));
});
