// Steady load on one of bench:harness's reads, to profile an app under it:
//   node infra/perf/load.mjs [balances|pots|me] [seconds=30]      (against npm start)
//   node infra/perf/profile.mjs <app> 8                            (once it prints "loading")
// Seeds the harness's pot (20 members, 200 expenses), waits for the stack to go quiet, then drives 50
// connections at the endpoint as its owner and prints the rate it got.
import autocannon from 'autocannon';

import { GATEWAY, seededMemberHeavyPot } from '../../bench/lib.mjs';

const [endpoint = 'balances', seconds = '30'] = process.argv.slice(2);
const pathOf = {
  balances: (potId) => `/api/pots/${potId}/balances`,
  pots: () => '/api/pots',
  me: () => '/api/me',
};
// Refused before the minute of seeding, not after it.
if (!(endpoint in pathOf))
  throw new Error(`no endpoint ${endpoint}: one of ${Object.keys(pathOf).join(', ')}`);
const { token, potId } = await seededMemberHeavyPot({ label: 'Load', ipPrefix: '198.17' });
const path = pathOf[endpoint](potId);

console.log(`loading GET ${path} for ${seconds} s`);
const result = await autocannon({
  url: `${GATEWAY}${path}`,
  connections: 50,
  duration: Number(seconds),
  headers: { authorization: `Bearer ${token}` },
});
console.log(
  `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms` +
    (result.non2xx ? `, non-2xx ${result.non2xx}` : ''),
);
