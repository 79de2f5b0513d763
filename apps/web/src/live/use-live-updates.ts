import { kittyApiWithTags } from '@kitty/api-client';
import { useEffect, useSyncExternalStore } from 'react';

import { useAppSelector, useAppStore } from '../app/store';
import { selectSessionStatus } from '../session/session-slice';
import { changedExpenseOf, refreshExpense } from './expense-change';
import { parseServerSentEvents, tagsForTopics } from './live-events';

const LIVE_PATH = '/api/live';
/** Waits before reconnecting: doubling from the first to the last, with jitter so tabs do not align. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;
/** Everything a missed notice could have changed: re-read after a reconnection. */
const EVERYTHING = [
  'Wallet',
  'FundingHistory',
  'Withdrawals',
  'PotList',
  'Pot',
  'Balances',
  'Expenses',
  'Activity',
] as const;

let connected = false;
const listeners = new Set<() => void>();

function setConnected(next: boolean) {
  if (connected === next) return;
  connected = next;
  listeners.forEach((listener) => listener());
}

/** Whether this tab hears changes as they happen; while it does not, views poll instead. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connected,
  );
}

/**
 * Keeps a live stream open while signed in: each change notice re-reads what it names, in
 * place. A notice about one expense reads that expense alone into the pot's list first, so the row shows
 * before the rest of the pot (balances, feed, totals) is read again. The server ends the stream when the access token expires; the next connection uses the fresh
 * one. On reconnecting everything is re-read once, since notices sent meanwhile were missed. Browsers
 * without fetch streams (and jsdom) keep to polling.
 */
export function useLiveUpdates(): void {
  const store = useAppStore();
  const signedIn = useAppSelector(selectSessionStatus) === 'signedIn';

  useEffect(() => {
    if (!signedIn || typeof ReadableStream === 'undefined' || typeof TextDecoderStream === 'undefined')
      return;
    let stopped = false;
    let connections = 0;
    let controller: AbortController | null = null;
    let wake: (() => void) | null = null;
    const invalidate = (tags: Parameters<typeof kittyApiWithTags.util.invalidateTags>[0]) =>
      store.dispatch(kittyApiWithTags.util.invalidateTags(tags));
    const applyChange = async (topics: readonly unknown[], about: unknown) => {
      const tags = tagsForTopics(topics);
      const expense = changedExpenseOf(about);
      const listCurrent = expense !== null && (await refreshExpense(store, expense).catch(() => false));
      invalidate(
        listCurrent ? tags.filter(({ type, id }) => !(type === 'Expenses' && id === expense.potId)) : tags,
      );
    };

    const listen = async (): Promise<boolean> => {
      const token = store.getState().session.accessToken;
      if (!token) return false;
      controller = new AbortController();
      const response = await fetch(LIVE_PATH, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) return false;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      let heard = false;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return heard;
        const { events, rest } = parseServerSentEvents(buffer + value);
        buffer = rest;
        for (const event of events) {
          if (event.event === 'ready') {
            heard = true;
            setConnected(true);
            // Connected again after a gap: what changed meanwhile was not heard.
            if (connections++ > 0) invalidate([...EVERYTHING]);
          } else if (event.event === 'change') {
            const { topics, expense } = JSON.parse(event.data) as { topics?: unknown; expense?: unknown };
            if (Array.isArray(topics)) void applyChange(topics, expense);
          }
        }
      }
    };

    void (async () => {
      let failures = 0;
      while (!stopped) {
        let heard = false;
        try {
          heard = await listen();
        } catch {
          // A dropped connection, or aborted on sign-out: either way, the next loop decides.
        }
        setConnected(false);
        if (stopped) break;
        failures = heard ? 0 : failures + 1;
        const delay = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, delay * (0.75 + Math.random() / 2));
        });
      }
    })();

    return () => {
      stopped = true;
      controller?.abort();
      wake?.();
      setConnected(false);
    };
  }, [signedIn, store]);
}
