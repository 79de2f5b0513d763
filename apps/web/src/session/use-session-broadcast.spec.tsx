import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';

import { waitFor } from '@testing-library/react';

import { anAuthSession, aUser, signedInState } from '../test/factories';
import { json, mockFetch, pathOf } from '../test/fetch-mock';
import { renderInApp } from '../test/render';
import { announceSession, onSessionAnnounced, type SessionMessage } from './session-broadcast';
import { SessionManager } from './session-manager';
import type { SessionState } from './session-slice';

// jsdom has no BroadcastChannel; Node's delivers between instances of one process like tabs of a browser.
class UnrefBroadcastChannel extends NodeBroadcastChannel {
  constructor(name: string) {
    super(name);
    this.unref();
  }
}

const signedOut: SessionState = {
  status: 'signedOut',
  accessToken: null,
  expiresAt: null,
  user: null,
  signedOutByUser: false,
};

describe('sessions across tabs', () => {
  let otherTab: NodeBroadcastChannel;

  beforeAll(() => {
    Object.assign(globalThis, { BroadcastChannel: UnrefBroadcastChannel });
    otherTab = new UnrefBroadcastChannel('kitty:session');
  });
  afterAll(() => otherTab.close());

  it('signs this tab out when another tab signs out', async () => {
    mockFetch(() => json(anAuthSession()));
    const { store } = renderInApp(<SessionManager />, { session: signedInState() });
    otherTab.postMessage({ type: 'signed-out' });
    await waitFor(() => expect(store.getState().session.status).toBe('signedOut'));
    expect(store.getState().session.signedOutByUser).toBe(true);
  });

  it('picks up a sign-in made in another tab through the shared refresh cookie', async () => {
    const session = anAuthSession({ accessToken: 'from-the-cookie' });
    const fetchMock = mockFetch(() => json(session));
    const { store } = renderInApp(<SessionManager />, { session: signedOut });
    otherTab.postMessage({ type: 'signed-in', userId: session.user.id });
    await waitFor(() => expect(store.getState().session.accessToken).toBe('from-the-cookie'));
    expect(fetchMock.requests.map(pathOf)).toEqual(['/api/auth/refresh']);
  });

  it('ignores a sign-in of the user it already has, and malformed messages', async () => {
    const fetchMock = mockFetch(() => json(anAuthSession()));
    const state = signedInState();
    renderInApp(<SessionManager />, { session: state });
    // A listener of this tab's own, added after the session's: each message reaches both in order, so once
    // it has seen the last one, the session's listener has handled every message, however slow delivery was.
    const seen: SessionMessage[] = [];
    const stopSeeing = onSessionAnnounced((message) => seen.push(message));
    otherTab.postMessage({ type: 'signed-in', userId: state.user!.id });
    otherTab.postMessage({ type: 'signed-in' });
    otherTab.postMessage('signed-out');
    otherTab.postMessage({ type: 'signed-in', userId: state.user!.id });
    await waitFor(() => expect(seen).toHaveLength(2));
    stopSeeing();
    expect(fetchMock.requests).toHaveLength(0);
  });

  it("announces to the other tabs, never to this tab's own listener", async () => {
    const received: unknown[] = [];
    const listener = (event: Event) => void received.push((event as unknown as { data: unknown }).data);
    otherTab.addEventListener('message', listener);
    announceSession({ type: 'signed-in', userId: aUser().id });
    await waitFor(() => expect(received).toHaveLength(1));
    otherTab.removeEventListener('message', listener);
  });
});
