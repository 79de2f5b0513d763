import { problemDetail, useGetWalletQuery, useListPotsQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { useState } from 'react';

import { formatDateTime } from '../pots/format';
import { EyeIcon, EyeInvisibleIcon, MailIcon } from '../ui/inline-icons';
import { PlainButton, PlainButtonLink } from '../ui/plain-button';
import { PlainAlert, PlainSkeletonLine } from '../ui/plain-display';
import { MinusCircleIcon, PlusCircleIcon, ReloadIcon } from '../ui/signed-in-icons';

/** spec §9: the balance refreshes every 30 seconds. */
export const BALANCE_REFRESH_MS = 30_000;
const MASK = '****';

export interface BalanceCardProps {
  /** Polling pauses while the Add Funds or Withdraw dialog is open (spec §2). */
  paused: boolean;
  onAddFunds: () => void;
  onWithdraw: () => void;
}

/**
 * Home's balance: the sum of the user's active pots (spec §2), named for what it is: the groups' money held
 * in their pots, not the user's own (each pot card says what they owe or are owed there). Their own money,
 * the personal wallet, is beneath (decisions §10).
 */
export function BalanceCard({ paused, onAddFunds, onWithdraw }: BalanceCardProps) {
  const pollingInterval = paused ? 0 : BALANCE_REFRESH_MS;
  const pots = useListPotsQuery(undefined, { pollingInterval });
  const wallet = useGetWalletQuery(undefined, { pollingInterval });
  const [masked, setMasked] = useState(false);

  const potsTotal = pots.data?.reduce((sum, { balancePence }) => sum + balancePence, 0);
  const show = (pence: number | undefined) => (pence === undefined ? '' : masked ? MASK : formatPence(pence));
  const refreshing = pots.isFetching || wallet.isFetching;
  // A refresh that fails keeps the balance last read on screen and says from when; the next refresh (every
  // 30 s, or Refresh) replaces it. Only a balance never read is an error.
  const refreshFailed = [pots, wallet].some(({ isError, data }) => isError && data !== undefined);
  const lastRead = Math.min(pots.fulfilledTimeStamp ?? Date.now(), wallet.fulfilledTimeStamp ?? Date.now());

  return (
    <section className="panel balance-card" aria-labelledby="balance-title" aria-busy={refreshing}>
      <div className="balance-card-header">
        <h2 id="balance-title" className="panel-title">
          Money in your pots
        </h2>
        <div className="balance-card-tools">
          <PlainButton
            variant="text"
            iconOnly
            title={masked ? 'Show balance' : 'Hide balance'}
            aria-label={masked ? 'Show balance' : 'Hide balance'}
            aria-pressed={masked}
            onClick={() => setMasked((value) => !value)}
          >
            {masked ? <EyeIcon /> : <EyeInvisibleIcon />}
          </PlainButton>
          <PlainButton
            variant="text"
            iconOnly
            title="Refresh"
            aria-label="Refresh balance"
            onClick={() => {
              void pots.refetch();
              void wallet.refetch();
            }}
          >
            <ReloadIcon className={refreshing ? 'btn-spinner' : undefined} />
          </PlainButton>
        </div>
      </div>

      {pots.isLoading ? (
        <PlainSkeletonLine size="large" label="Loading your balance" />
      ) : pots.isError && !pots.data ? (
        <PlainAlert
          type="error"
          title="Could not load your balance"
          description={problemDetail(pots.error) ?? 'Please try again later.'}
        />
      ) : (
        <p className="balance-amount" data-testid="pots-balance">
          {show(potsTotal)}
        </p>
      )}
      <p className="muted balance-caption">{potsCaption(pots.data?.length)}</p>
      {refreshFailed && (
        <p className="balance-stale" role="status">
          Could not refresh: as of {formatDateTime(new Date(lastRead).toISOString())}.
        </p>
      )}

      <div className="wallet-line">
        <span>Your personal wallet</span>
        {wallet.isLoading ? (
          <PlainSkeletonLine size="small" label="Loading your wallet" />
        ) : wallet.isError && !wallet.data ? (
          <span className="muted">unavailable</span>
        ) : (
          <strong data-testid="wallet-balance">{show(wallet.data?.balancePence)}</strong>
        )}
      </div>

      <div className="balance-actions">
        <PlainButton variant="primary" onClick={onAddFunds}>
          <PlusCircleIcon />
          Add Funds
        </PlainButton>
        <PlainButton onClick={onWithdraw}>
          <MinusCircleIcon />
          Withdraw
        </PlainButton>
        <PlainButtonLink to="/request-top-up" variant="link">
          <MailIcon />
          Request Top-Up
        </PlainButtonLink>
      </div>
    </section>
  );
}

/** Whose money the sum is: the groups', held in the user's active pots. */
function potsCaption(count: number | undefined): string {
  if (count === 0) return 'You are in no active pots yet.';
  const where =
    count === undefined ? 'your active pots' : `your ${count} active ${count === 1 ? 'pot' : 'pots'}`;
  return `The groups’ money, held in ${where}. Each pot below shows what you owe or are owed in it.`;
}
