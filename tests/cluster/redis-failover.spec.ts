// A Redis Cluster master dies while users record pot-paid expenses: the master that holds the payments
// service's request queue, killed with SIGKILL, as a crashed machine would. Its replica takes over; every
// command ends in a result or a clean error (a retry with the same Idempotency-Key, as the SPA offers,
// gets the real result); no expense is lost or recorded twice; the ledger stays whole.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';

import { Pool } from 'pg';

import { api, type ApiResponse, eventually } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { potLedgerBalance, recordedPotExpenses } from '../support/pot-ledger';
import { bearer, type PotDetail, potWithMembers } from '../support/pots';

interface ClusterNode {
  name: string;
  port: number;
  pid: number;
}

const run = promisify(execFile);
const nodes = JSON.parse(process.env.KITTY_REDIS_CLUSTER_NODES ?? '[]') as ClusterNode[];
const prefix = process.env.QUEUE_PREFIX ?? 'kitty';
const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
afterAll(() => db.end());

const COMMANDS = 150;
const PRICE_PENCE = 100;
const FUNDS_PENCE = 10_000;
/** A new command starts this often, so commands are in flight before, during and after the failover. */
const PACE_MS = 60;
/** Commands started before the master is killed. */
const KILL_AFTER = 40;
/** How long a user keeps trying the same action (the SPA's retry button) before we call it a failure. */
const GIVE_UP_MS = 90_000;

const redisCli = async (port: number, ...args: string[]) =>
  (await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args])).stdout.trim();

/** The master that serves `key`'s slot now, as a live node sees the cluster. */
async function masterFor(key: string, askPort: number): Promise<{ id: string; port: number }> {
  const slot = Number(await redisCli(askPort, 'CLUSTER', 'KEYSLOT', key));
  for (const line of (await redisCli(askPort, 'CLUSTER', 'NODES')).split('\n')) {
    const [id, address, flags, , , , , , ...ranges] = line.split(' ');
    if (!/(^|,)master(,|$)/.test(flags) || /fail/.test(flags)) continue;
    const serves = ranges.some((range) => {
      const [from, to = from] = range.split('-').map(Number);
      return slot >= from && slot <= to;
    });
    if (serves) return { id, port: Number(address.split(':')[1].split('@')[0]) };
  }
  throw new Error(`No live master serves slot ${slot} (${key})`);
}

describe('Redis Cluster failover under money commands', () => {
  it('loses and doubles nothing when the master of the payments queue is killed', async () => {
    expect(nodes.length).toBeGreaterThanOrEqual(6);
    const { pot, owner } = await potWithMembers(0);
    const token = owner.session.accessToken;
    await verifyUser(token);
    await topUp(token, FUNDS_PENCE, { type: 'pot', potId: pot.id });
    const read = () => api<PotDetail>(`/api/pots/${pot.id}`, { headers: bearer(token) });
    await eventually(async () => ((await read()).body.balancePence === FUNDS_PENCE ? true : undefined));

    const queueKey = `${prefix}:rpc:{payments}:requests`;
    const victim = await masterFor(queueKey, nodes[0].port);
    const victimNode = nodes.find((node) => node.port === victim.port)!;
    const witness = nodes.find((node) => node.port !== victim.port)!;

    const spend = (key: string) =>
      api<{ id?: string }>(`/api/pots/${pot.id}/expenses`, {
        method: 'POST',
        body: {
          description: `Coffee ${key.slice(0, 4)}`,
          amountPence: PRICE_PENCE,
          paidFrom: 'pot',
          split: { mode: 'equal', members: [{ memberId: pot.yourMemberId }] },
        },
        headers: { ...bearer(token), 'idempotency-key': key },
      }).catch((error: Error) => ({ status: 0, body: {}, error }) as unknown as ApiResponse<{ id?: string }>);
    const transient = (status: number) => status === 0 || status === 503 || status === 429 || status === 409;

    let retries = 0;
    /** One user action: tried again with the same key after every transient failure, as the SPA lets them. */
    const action = async (key: string) => {
      const started = Date.now();
      let answer = await spend(key);
      while (transient(answer.status) && Date.now() - started < GIVE_UP_MS) {
        retries += 1;
        await new Promise((resolve) => setTimeout(resolve, 500));
        answer = await spend(key);
      }
      return { key, status: answer.status, id: answer.body.id };
    };

    const keys = Array.from({ length: COMMANDS }, () => randomUUID());
    const actions: Promise<{ key: string; status: number; id?: string }>[] = [];
    let killedAt = 0;
    for (const [index, key] of keys.entries()) {
      if (index === KILL_AFTER) {
        process.kill(victimNode.pid, 'SIGKILL');
        killedAt = Date.now();
      }
      actions.push(action(key));
      await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    }
    const final = await Promise.all(actions);

    // The replica took over the slot (and the cluster is whole again for whoever comes next).
    const promoted = await eventually(async () => {
      const now = await masterFor(queueKey, witness.port).catch(() => null);
      return now && now.port !== victim.port ? now : undefined;
    }, 60_000);
    const failoverMs = Date.now() - killedAt;

    const statuses = final.map(({ status }) => status);
    const unclean = final.filter(({ status }) => status !== 201 && status !== 400);
    const recorded = await recordedPotExpenses(db, pot.id);
    const answered = final.flatMap(({ status, id }) => (status === 201 && id ? [id] : []));
    const lost = answered.filter((id) => !recorded.includes(id)).length;
    const doubled =
      recorded.length - new Set(recorded).size + recorded.filter((id) => !answered.includes(id)).length;
    const ledgerPence = await potLedgerBalance(db, pot.id);
    const { rows: unbalanced } = await db.query(
      `SELECT transaction_id FROM payments.ledger_postings GROUP BY transaction_id HAVING sum(amount_pence) <> 0`,
    );
    const { rows: drifted } = await db.query(
      `SELECT a.id FROM payments.ledger_accounts a
         LEFT JOIN payments.ledger_postings p ON p.account_id = a.id
        GROUP BY a.id, a.balance_pence HAVING a.balance_pence <> coalesce(sum(p.amount_pence), 0)`,
    );
    console.log(
      `Redis Cluster failover: killed master 127.0.0.1:${victim.port} (payments queue) after ${KILL_AFTER} of ${COMMANDS} commands; ` +
        `127.0.0.1:${promoted.port} serves the slot (${failoverMs} ms after the kill, measured when the last command ended). ` +
        `Answers: ${statuses.filter((s) => s === 201).length} × 201, ${statuses.filter((s) => s === 400).length} × 400, ` +
        `${unclean.length} other; ${retries} retries with the same key; lost ${lost}, doubled ${doubled}; ` +
        `pot ${FUNDS_PENCE - recorded.length * PRICE_PENCE} p expected, ledger ${ledgerPence} p; ` +
        `unbalanced transactions ${unbalanced.length}, drifted accounts ${drifted.length}`,
    );
    expect(unclean).toEqual([]);
    expect(lost).toBe(0);
    expect(doubled).toBe(0);
    expect(recorded).toHaveLength(FUNDS_PENCE / PRICE_PENCE);
    expect(ledgerPence).toBe(FUNDS_PENCE - recorded.length * PRICE_PENCE);
    expect(unbalanced).toEqual([]);
    expect(drifted).toEqual([]);
  });
});
