import fs from 'node:fs';

/** One process of an app of the stack under test, as the launcher started it. */
export interface Replica {
  /** `<app>-<i>` when the app runs several processes, else the app's name */
  name: string;
  pid: number;
  /** its own HTTP_PORT (/health, /metrics; the gateway's replicas also serve the API) */
  port: number;
  /** the gateway's operator surface (OPS_HTTP_PORT: bull-board, its /metrics), when the registry gives one */
  opsPort?: number;
}

/**
 * Every app's replicas. `npm test` sets KITTY_STACK_REPLICAS (as started) and KITTY_STACK_REPLICAS_FILE
 * (rewritten when the launcher restarts a replica that died, so pids stay current); the file wins.
 */
export function stackReplicas(): Record<string, Replica[]> {
  const file = process.env.KITTY_STACK_REPLICAS_FILE;
  if (file && fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const json = process.env.KITTY_STACK_REPLICAS;
  if (!json) throw new Error('KITTY_STACK_REPLICAS is not set: run the suite through npm test.');
  return JSON.parse(json);
}

/** The replicas of one app (throws for an app the stack does not run). */
export function replicasOf(app: string): Replica[] {
  const replicas = stackReplicas()[app];
  if (!replicas?.length) throw new Error(`The stack runs no replica of ${app}.`);
  return replicas;
}

/** One replica's Prometheus text (the gateway's /metrics needs the operator login: pass its header). */
export async function replicaMetrics(
  replica: Replica,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${replica.port}/metrics`, { headers });
  if (!response.ok) throw new Error(`${replica.name} /metrics: HTTP ${response.status}`);
  return response.text();
}

/**
 * SIGKILLs one replica (its process group, as the launcher's own stop does) and, when `restarted` is
 * awaited, waits until the launcher has started it again (a new pid in KITTY_STACK_REPLICAS_FILE).
 */
export function killReplica(replica: Replica): { restarted: (timeoutMs?: number) => Promise<Replica> } {
  try {
    process.kill(-replica.pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
  return {
    restarted: async (timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const app = Object.values(stackReplicas()).find((list) => list.some((r) => r.name === replica.name));
        const current = app?.find((r) => r.name === replica.name);
        if (current && current.pid !== replica.pid) return current;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`${replica.name} was not restarted within ${timeoutMs / 1000} s`);
    },
  };
}
