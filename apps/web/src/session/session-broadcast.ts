/**
 * Tells the other tabs of this browser when the user signs in or out. The refresh cookie is shared by every
 * tab, but each tab holds its own access token in memory: without this, a tab signed out elsewhere would
 * keep working until its next refresh, and a signed-out tab would not notice a sign-in elsewhere.
 */
export type SessionMessage = { type: 'signed-out' } | { type: 'signed-in'; userId: string };

const CHANNEL_NAME = 'kitty:session';

// One channel per tab, used both to send and to listen: a BroadcastChannel never receives its own
// messages, so a tab does not react to what it announced itself.
let channel: BroadcastChannel | null | undefined;

function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  }
  return channel;
}

export function announceSession(message: SessionMessage): void {
  sessionChannel()?.postMessage(message);
}

/** Calls `onMessage` for what other tabs announce; returns the unsubscribe function. */
export function onSessionAnnounced(onMessage: (message: SessionMessage) => void): () => void {
  const target = sessionChannel();
  if (!target) return () => undefined;
  const listener = (event: MessageEvent<unknown>) => {
    if (isSessionMessage(event.data)) onMessage(event.data);
  };
  target.addEventListener('message', listener);
  return () => target.removeEventListener('message', listener);
}

function isSessionMessage(data: unknown): data is SessionMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, userId } = data as { type?: unknown; userId?: unknown };
  return type === 'signed-out' || (type === 'signed-in' && typeof userId === 'string');
}
