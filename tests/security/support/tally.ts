import type { RawResponse } from './raw-http';

/** One hostile request. `expect` is the one status it must get, where only one is right (401 for auth). */
export interface Attempt {
  kind: 'auth' | 'path' | 'query' | 'header' | 'body' | 'stranger';
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  expect?: number;
  /**
   * A body past the size limit: the server answers 413 without reading it and may close the connection
   * while the client is still sending, so the client sees the connection dropped instead of the 413.
   * Either way no handler ran; for this attempt only, a dropped connection is a refusal.
   */
  mayDropUnread?: boolean;
}

interface RouteCounts {
  tried: number;
  accepted: number;
  serverErrors: number;
  throttled: number;
  baseline?: number;
}

const shorten = (text: string, length = 160) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** Counts per route, and every request that was wrongly answered, for the report and the assertions. */
export class Tally {
  private readonly routes = new Map<string, RouteCounts>();
  private readonly problems: string[] = [];
  private readonly notes: string[] = [];
  private readonly missingFixtures: string[] = [];
  private readonly byKind = new Map<Attempt['kind'], number>();

  private counts(route: string): RouteCounts {
    let counts = this.routes.get(route);
    if (!counts) {
      counts = { tried: 0, accepted: 0, serverErrors: 0, throttled: 0 };
      this.routes.set(route, counts);
    }
    return counts;
  }

  record(route: string, attempt: Attempt, response: RawResponse) {
    const counts = this.counts(route);
    counts.tried += 1;
    this.byKind.set(attempt.kind, (this.byKind.get(attempt.kind) ?? 0) + 1);
    const where = `${route} [${attempt.kind}: ${attempt.label}] ${attempt.method} ${shorten(attempt.path, 100)}`;
    const answer = `${response.status} ${shorten(response.text)}`;
    if (response.status === 0 && attempt.mayDropUnread) {
      this.notes.push(`refused by closing the connection: ${where}`);
    } else if (response.status === 0 || response.status >= 500) {
      counts.serverErrors += 1;
      this.problems.push(`5xx: ${where} → ${answer}`);
    } else if (response.status === 429) {
      counts.throttled += 1;
      this.problems.push(`throttled before it was judged: ${where}`);
    } else if (response.status < 400) {
      counts.accepted += 1;
      this.problems.push(`accepted: ${where} → ${answer}`);
    } else if (attempt.expect !== undefined && response.status !== attempt.expect) {
      this.notes.push(`refused with ${response.status}, not ${attempt.expect}: ${where}`);
    }
  }

  /** The route's valid request: a 2xx, or exactly `expected` where the route answers otherwise (303). */
  baseline(route: string, response: RawResponse, expected?: number) {
    this.counts(route).baseline = response.status;
    const ok =
      expected === undefined ? response.status >= 200 && response.status < 300 : response.status === expected;
    if (!ok)
      this.problems.push(`the valid request failed: ${route} → ${response.status} ${shorten(response.text)}`);
  }

  unwalked(route: string, why: string) {
    this.counts(route);
    this.notes.push(`${route}: no valid request sent (${why})`);
    if (why.startsWith('no fixture')) this.missingFixtures.push(route);
  }

  totals() {
    const all = [...this.routes.values()];
    const sum = (key: 'tried' | 'accepted' | 'serverErrors' | 'throttled') =>
      all.reduce((total, counts) => total + counts[key], 0);
    return {
      routes: all.length,
      tried: sum('tried'),
      accepted: sum('accepted'),
      serverErrors: sum('serverErrors'),
      throttled: sum('throttled'),
    };
  }

  failures = () => [...this.problems];
  withoutFixture = () => [...this.missingFixtures];

  report(): string {
    const rows = [...this.routes.entries()].map(
      ([route, c]) =>
        `  ${route.padEnd(62)} ${String(c.tried).padStart(5)} ${String(c.accepted).padStart(9)} ${String(c.serverErrors).padStart(4)} ${String(c.throttled).padStart(5)}   ${c.baseline ?? '-'}`,
    );
    const t = this.totals();
    return [
      '',
      'Hostile route walk (tests/security):',
      `  ${'route'.padEnd(62)} tried  accepted  5xx   429   valid request`,
      ...rows,
      `  ${`${t.routes} routes`.padEnd(62)} ${String(t.tried).padStart(5)} ${String(t.accepted).padStart(9)} ${String(t.serverErrors).padStart(4)} ${String(t.throttled).padStart(5)}`,
      '',
      `tried ${t.tried} · wrongly accepted ${t.accepted} · 5xx ${t.serverErrors} · throttled ${t.throttled}`,
      `  by kind: ${[...this.byKind.entries()].map(([kind, n]) => `${kind} ${n}`).join(', ')}`,
      ...(this.notes.length ? ['Notes:', ...this.notes.map((note) => `  ${note}`)] : []),
      ...(this.problems.length ? ['Problems:', ...this.problems.map((problem) => `  ${problem}`)] : []),
      '',
    ].join('\n');
  }
}
