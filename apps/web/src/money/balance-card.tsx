import {
  EyeInvisibleOutlined,
  EyeOutlined,
  MailOutlined,
  MinusCircleOutlined,
  PlusCircleOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { problemDetail, useGetWalletQuery, useListPotsQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Alert, Button, Skeleton, Tooltip } from 'antd';
import { useState } from 'react';

import { ButtonLink } from '../ui/button-link';

/** spec §9: the balance refreshes every 30 seconds. */
export const BALANCE_REFRESH_MS = 30_000;
const MASK = '****';

export interface BalanceCardProps {
  /** Polling pauses while the Add Funds or Withdraw dialog is open (spec §2). */
  paused: boolean;
  onAddFunds: () => void;
  onWithdraw: () => void;
}

/** Home's balance: the sum of the user's active pots (spec §2) with their personal wallet beneath (decisions §10). */
export function BalanceCard({ paused, onAddFunds, onWithdraw }: BalanceCardProps) {
  const pollingInterval = paused ? 0 : BALANCE_REFRESH_MS;
  const pots = useListPotsQuery(undefined, { pollingInterval });
  const wallet = useGetWalletQuery(undefined, { pollingInterval });
  const [masked, setMasked] = useState(false);

  const potsTotal = pots.data?.reduce((sum, { balancePence }) => sum + balancePence, 0);
  const show = (pence: number | undefined) => (pence === undefined ? '' : masked ? MASK : formatPence(pence));
  const refreshing = pots.isFetching || wallet.isFetching;

  return (
    <section className="panel balance-card" aria-labelledby="balance-title" aria-busy={refreshing}>
      <div className="balance-card-header">
        <h2 id="balance-title" className="panel-title">
          Your balance
        </h2>
        <div className="balance-card-tools">
          <Tooltip title={masked ? 'Show balance' : 'Hide balance'}>
            <Button
              type="text"
              aria-label={masked ? 'Show balance' : 'Hide balance'}
              aria-pressed={masked}
              icon={masked ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
              onClick={() => setMasked((value) => !value)}
            />
          </Tooltip>
          <Tooltip title="Refresh">
            <Button
              type="text"
              aria-label="Refresh balance"
              icon={<ReloadOutlined aria-hidden spin={refreshing} />}
              onClick={() => {
                void pots.refetch();
                void wallet.refetch();
              }}
            />
          </Tooltip>
        </div>
      </div>

      {pots.isLoading ? (
        <Skeleton.Input active size="large" aria-label="Loading your balance" />
      ) : pots.isError ? (
        <Alert
          type="error"
          showIcon
          title="Could not load your balance"
          description={problemDetail(pots.error) ?? 'Please try again later.'}
        />
      ) : (
        <p className="balance-amount" data-testid="pots-balance">
          {show(potsTotal)}
        </p>
      )}
      <p className="muted balance-caption">Across your active pots</p>

      <div className="wallet-line">
        <span>Personal wallet</span>
        {wallet.isLoading ? (
          <Skeleton.Input active size="small" aria-label="Loading your wallet" />
        ) : wallet.isError ? (
          <span className="muted">unavailable</span>
        ) : (
          <strong data-testid="wallet-balance">{show(wallet.data?.balancePence)}</strong>
        )}
      </div>

      <div className="balance-actions">
        <Button type="primary" icon={<PlusCircleOutlined aria-hidden />} onClick={onAddFunds}>
          Add Funds
        </Button>
        <Button icon={<MinusCircleOutlined aria-hidden />} onClick={onWithdraw}>
          Withdraw
        </Button>
        <ButtonLink to="/request-top-up" type="link" icon={<MailOutlined aria-hidden />}>
          Request Top-Up
        </ButtonLink>
      </div>
    </section>
  );
}
