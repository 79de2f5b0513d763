import { GATEWAY_URL } from './api';

/** One change notice as a tab receives it, with when it arrived. */
export interface HeardChange {
  topics: string[];
  at: number;
  receivedAt: number;
}

/** An open live stream (GET /api/live), as the SPA holds one: what it heard, and a way to close it. */
export interface LiveListener {
  status: number;
  changes: HeardChange[];
  /** Resolves with the first change (after `since`) naming `topic`; rejects after `timeoutMs`. */
  next(topic: string, since?: number, timeoutMs?: number): Promise<HeardChange>;
  /** Resolves with the time (ms since the epoch) at which the server ended the stream, or it was closed. */
  ended: Promise<number>;
  close(): void;
}

/** Streams still open: a failed test must not leave one holding Jest's process (see closeAllLive). */
const open = new Set<AbortController>();

/** Closes every stream the tests opened; call it in afterEach. */
export function closeAllLive(): void {
  for (const controller of open) controller.abort();
  open.clear();
}

/** Opens the caller's live stream; resolves once the server said `ready` (or with the refusal's status). */
export async function listenLive(accessToken: string | null): Promise<LiveListener> {
  const controller = new AbortController();
  open.add(controller);
  const response = await fetch(`${GATEWAY_URL}/api/live`, {
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    signal: controller.signal,
  });
  const changes: HeardChange[] = [];
  const waiters = new Set<() => void>();
  let markEnded: (at: number) => void = () => undefined;
  const ended = new Promise<number>((resolve) => (markEnded = resolve));
  const listener: LiveListener = {
    ended,
    status: response.status,
    changes,
    next: (topic, since = 0, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = changes.find((change) => change.receivedAt >= since && change.topics.includes(topic));
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no '${topic}' change within ${timeoutMs} ms (heard ${JSON.stringify(changes)})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => {
      controller.abort();
      open.delete(controller);
    },
  };
  if (!response.ok || !response.body) return listener;

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) {
        markEnded(Date.now());
        return;
      }
      buffer += value;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === 'ready') ready();
        if (event === 'change' && data) {
          const { topics, at } = JSON.parse(data) as { topics: string[]; at: number };
          changes.push({ topics, at, receivedAt: Date.now() });
          [...waiters].forEach((check) => check());
        }
      }
    }
  })();
  await isReady;
  return listener;
}
