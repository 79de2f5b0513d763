import '../../money/money.css';

import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Withdrawal, WithdrawalHistory } from '@kitty/api-client';
import {
  httpStatusOf,
  problemDetail,
  useGetPotQuery,
  useListPotWithdrawalsQuery,
  useListWithdrawalHistoryQuery,
} from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Alert, Button, Empty, Skeleton, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';

import { MoneyRow } from '../../money/money-row';
import { WITHDRAWAL_STATUS } from '../../money/withdrawal-status';
import { formatDateTime } from '../../pots/format';
import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';

/** Withdrawals read a page at a time; 'Show older' reads the next. */
export const WITHDRAWALS_PAGE = 20;

/**
 * /withdrawals and /pot/:potId/withdrawals: every withdrawal, newest first — the caller's own (from the
 * wallet and their pots), or every member's from a pot — with its state, the bank account it went to (the
 * caller's own only), when it was asked for and settled, and why it failed when it did.
 */
export default function WithdrawalsPage() {
  const { potId } = useParams();
  const pot = useGetPotQuery(potId ?? '', { skip: potId === undefined });
  // Each page after the first starts after the last withdrawal of the page before it.
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const [next, setNext] = useState<Record<number, string | null>>({});
  const reportNext = useCallback(
    (index: number, nextBefore: string | null) => setNext((known) => ({ ...known, [index]: nextBefore })),
    [],
  );
  const last = pages.length - 1;
  const older = next[last];

  return (
    <div className="page withdrawals-page">
      <DocumentTitle title="Withdrawals" />
      <div>
        <ButtonLink
          to={potId ? `/pot/${potId}` : '/'}
          type="link"
          icon={<ArrowLeftOutlined aria-hidden />}
          className="back-link"
        >
          Back
        </ButtonLink>
      </div>
      <header className="page-header">
        <h1>Withdrawals</h1>
        <p className="lead">
          {potId ? `Every withdrawal from ${pot.data?.name ?? 'this pot'}` : 'Every withdrawal you asked for'}
        </p>
      </header>
      <section className="panel" aria-labelledby="withdrawals-title">
        <h2 id="withdrawals-title" className="panel-title">
          History
        </h2>
        {pages.map((before, index) => (
          <WithdrawalsPageRows
            key={before ?? 'first'}
            potId={potId}
            before={before}
            index={index}
            onNext={reportNext}
          />
        ))}
        {older && (
          <Button onClick={() => setPages((shown) => [...shown, older])}>Show older withdrawals</Button>
        )}
      </section>
    </div>
  );
}

interface RowsProps {
  potId: string | undefined;
  before: string | undefined;
  /** Which page this is (0: the newest). */
  index: number;
  onNext: (index: number, nextBefore: string | null) => void;
}

function WithdrawalsPageRows({ potId, before, index, onNext }: RowsProps) {
  const first = index === 0;
  const page = { before, limit: WITHDRAWALS_PAGE };
  const mine = useListWithdrawalHistoryQuery(page, { skip: potId !== undefined });
  const ofPot = useListPotWithdrawalsQuery({ potId: potId ?? '', ...page }, { skip: potId === undefined });
  const query = potId === undefined ? mine : ofPot;
  const data: WithdrawalHistory | undefined = query.data;
  const nextBefore = data?.nextBefore;
  useEffect(() => {
    if (nextBefore !== undefined) onNext(index, nextBefore);
  }, [index, nextBefore, onNext]);

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={httpStatusOf(query.error) === 404 ? 'Pot not found' : 'Could not load the withdrawals'}
        description={problemDetail(query.error) ?? 'Please try again later.'}
      />
    );
  if (!data) return null;
  if (first && data.withdrawals.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No withdrawals yet" />;
  return (
    <ul className="funding-history" aria-label={first ? 'Withdrawals' : 'Older withdrawals'}>
      {data.withdrawals.map((withdrawal) => (
        <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} byPot={potId !== undefined} />
      ))}
    </ul>
  );
}

function WithdrawalRow({ withdrawal, byPot }: { withdrawal: Withdrawal; byPot: boolean }) {
  const status = WITHDRAWAL_STATUS[withdrawal.status];
  const who = byPot && withdrawal.requesterName ? `${withdrawal.requesterName}: ` : '';
  // Only the caller's own withdrawals name the bank account (another member's is theirs alone).
  const where = withdrawal.bankAccount
    ? `to ${withdrawal.bankAccount}`
    : byPot
      ? 'to their bank account'
      : 'to your bank account';
  return (
    <MoneyRow
      title={`${who}${formatPence(withdrawal.amountPence)} from ${withdrawal.source.name}`}
      meta={[
        where,
        `asked ${formatDateTime(withdrawal.createdAt)}`,
        withdrawal.settledAt && `${settledWord(withdrawal.status)} ${formatDateTime(withdrawal.settledAt)}`,
      ]
        .filter(Boolean)
        .join(' · ')}
      reason={
        withdrawal.status === 'failed' || withdrawal.status === 'declined' ? withdrawal.failureReason : null
      }
      side={<Tag color={status.color}>{status.label}</Tag>}
    />
  );
}

/** What the settled time marks, by how it ended. */
function settledWord(status: Withdrawal['status']): string {
  if (status === 'paid') return 'paid';
  if (status === 'failed') return 'returned';
  if (status === 'cancelled') return 'cancelled';
  if (status === 'declined') return 'declined';
  return 'settled';
}
