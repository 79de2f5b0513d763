import { kittyApiWithTags } from '@kitty/api-client';
import { useEffect } from 'react';

import { useAppDispatch } from '../app/store';

/**
 * Tells this browser's other tabs that money moved (a top-up credited, a withdrawal made): the tab the
 * payer started from is left on Home when Checkout opens in a new tab. The server's live stream
 * (live/use-live-updates) tells every tab on every device too; this needs no round trip through it.
 */
const CHANNEL_NAME = 'kitty:money';
const MESSAGE = 'money-moved';

/** Everything a money movement can change, re-read in the tabs that show it. */
const MONEY_TAGS = [
  'Wallet',
  'PotList',
  'Pot',
  'Balances',
  'Activity',
  'ActivePot',
  'FundingHistory',
  'Withdrawals',
] as const;

let channel: BroadcastChannel | null | undefined;

function moneyChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  }
  return channel;
}

export function announceMoneyMoved(): void {
  moneyChannel()?.postMessage(MESSAGE);
}

/** Re-reads the money shown in this tab when another tab says money moved. */
export function useMoneyBroadcast(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const target = moneyChannel();
    if (!target) return undefined;
    const listener = (event: MessageEvent<unknown>) => {
      if (event.data === MESSAGE) dispatch(kittyApiWithTags.util.invalidateTags([...MONEY_TAGS]));
    };
    target.addEventListener('message', listener);
    return () => target.removeEventListener('message', listener);
  }, [dispatch]);
}
