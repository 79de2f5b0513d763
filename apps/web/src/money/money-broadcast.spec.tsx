import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';

import { useGetWalletQuery } from '@kitty/api-client';
import { screen, waitFor } from '@testing-library/react';

import { signedInState } from '../test/factories';
import { json, mockFetch, pathOf } from '../test/fetch-mock';
import { renderInApp } from '../test/render';
import { announceMoneyMoved, useMoneyBroadcast } from './money-broadcast';
import { aWallet } from './test-support';

// jsdom has no BroadcastChannel; Node's delivers between instances of one process like tabs of a browser.
class UnrefBroadcastChannel extends NodeBroadcastChannel {
  constructor(name: string) {
    super(name);
    this.unref();
  }
}

function WalletBalance() {
  useMoneyBroadcast();
  const wallet = useGetWalletQuery();
  return <p>{wallet.data ? `balance ${wallet.data.balancePence}` : 'loading'}</p>;
}

describe('money moved in another tab', () => {
  let otherTab: NodeBroadcastChannel;

  beforeAll(() => {
    Object.assign(globalThis, { BroadcastChannel: UnrefBroadcastChannel });
    otherTab = new UnrefBroadcastChannel('kitty:money');
  });
  afterAll(() => otherTab.close());

  it('re-reads the wallet this tab shows, and ignores other messages', async () => {
    let balancePence = 0;
    const fetchMock = mockFetch((request) =>
      pathOf(request) === '/api/wallet' ? json(aWallet({ balancePence })) : json({}),
    );
    renderInApp(<WalletBalance />, { session: signedInState() });
    expect(await screen.findByText('balance 0')).toBeVisible();

    balancePence = 2500;
    otherTab.postMessage('something else');
    otherTab.postMessage('money-moved');
    expect(await screen.findByText('balance 2500')).toBeVisible();
    expect(fetchMock.requests.filter((r) => pathOf(r) === '/api/wallet')).toHaveLength(2);
  });

  it('is announced to the other tabs', async () => {
    const heard: unknown[] = [];
    const listener = (event: Event) => {
      heard.push((event as unknown as { data: unknown }).data);
    };
    otherTab.addEventListener('message', listener);
    announceMoneyMoved();
    await waitFor(() => expect(heard).toEqual(['money-moved']));
    otherTab.removeEventListener('message', listener);
  });
});
