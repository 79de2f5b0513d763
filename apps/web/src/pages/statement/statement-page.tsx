import '../../money/money.css';
import './statement.css';

import { ArrowLeftOutlined, DownloadOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Statement } from '@kitty/api-client';
import {
  httpStatusOf,
  problemDetail,
  useGetPotStatementQuery,
  useGetWalletStatementQuery,
} from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useParams, useSearchParams } from 'react-router-dom';

import { statementCsv, statementFileName } from '../../money/statement-csv';
import { statementLines } from '../../money/statement-lines';
import { formatDateTime } from '../../pots/format';
import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** This month in the UK, as YYYY-MM (statements are UK calendar months). */
export function currentUkMonth(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: '2-digit',
    timeZone: 'Europe/London',
  })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts['year']}-${parts['month']}`;
}

/** The month `delta` months from `month` (YYYY-MM). */
export function shiftMonth(month: string, delta: number): string {
  const [year, index] = month.split('-').map(Number);
  const shifted = new Date(Date.UTC(year, index - 1 + delta, 1));
  return `${shifted.getUTCFullYear()}-${String(shifted.getUTCMonth() + 1).padStart(2, '0')}`;
}

const labelOf = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

/** '+£25.00', '−£7.05', '£0.00'. */
const signedPence = (pence: number) =>
  `${pence > 0 ? '+' : pence < 0 ? '−' : ''}${formatPence(Math.abs(pence))}`;

/**
 * /statement and /pot/:potId/statement?month=YYYY-MM: a month of the wallet or a pot from the ledger —
 * opening balance, every movement (fees paid on top shown apart; a card purchase's hold, captures and
 * releases together under 'Card purchase at …'), closing balance — and its CSV.
 */
export default function StatementPage() {
  const { potId } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const thisMonth = currentUkMonth();
  const asked = searchParams.get('month') ?? '';
  const month = MONTH.test(asked) && asked <= thisMonth ? asked : thisMonth;
  const wallet = useGetWalletStatementQuery(month, { skip: potId !== undefined });
  const pot = useGetPotStatementQuery({ potId: potId ?? '', month }, { skip: potId === undefined });
  const statement = potId === undefined ? wallet : pot;
  const back = potId === undefined ? '/' : `/pot/${potId}`;

  const goTo = (next: string) => setSearchParams({ month: next });

  return (
    <div className="page statement-page">
      <DocumentTitle title={`Statement for ${labelOf(month)}`} />
      <div>
        <ButtonLink to={back} type="link" icon={<ArrowLeftOutlined aria-hidden />} className="back-link">
          Back
        </ButtonLink>
      </div>
      <header className="page-header">
        <h1>Statement</h1>
        <p className="lead">{statement.data?.account.name ?? (potId ? 'Pot' : 'Your Kitty wallet')}</p>
      </header>
      <nav className="statement-months" aria-label="Statement month">
        <Button icon={<LeftOutlined aria-hidden />} onClick={() => goTo(shiftMonth(month, -1))}>
          <span className="visually-hidden">Previous month</span>
        </Button>
        <h2 className="statement-month">{labelOf(month)}</h2>
        <Button
          icon={<RightOutlined aria-hidden />}
          onClick={() => goTo(shiftMonth(month, 1))}
          disabled={month >= thisMonth}
        >
          <span className="visually-hidden">Next month</span>
        </Button>
      </nav>
      {statement.isLoading || (statement.isFetching && statement.data?.month !== month) ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : statement.isError ? (
        <Alert
          type="error"
          showIcon
          title={httpStatusOf(statement.error) === 404 ? 'Pot not found' : 'Could not load the statement'}
          description={problemDetail(statement.error) ?? 'Please try again later.'}
          action={
            httpStatusOf(statement.error) === 404 ? undefined : (
              <Button size="small" onClick={() => statement.refetch()}>
                Try again
              </Button>
            )
          }
        />
      ) : statement.data ? (
        <StatementBody statement={statement.data} />
      ) : null}
    </div>
  );
}

function StatementBody({ statement }: { statement: Statement }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([statementCsv(statement)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = statementFileName(statement);
    link.click();
    // Released once the browser has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };

  return (
    <>
      <section className="panel" aria-labelledby="statement-summary">
        <h2 id="statement-summary" className="panel-title">
          Summary
        </h2>
        <dl className="statement-summary">
          <dt>Opening balance</dt>
          <dd>{formatPence(statement.openingBalancePence)}</dd>
          <dt>Money in</dt>
          <dd>{formatPence(statement.moneyInPence)}</dd>
          <dt>Money out</dt>
          <dd>{formatPence(statement.moneyOutPence)}</dd>
          <dt>Fees paid on top</dt>
          <dd>{formatPence(statement.feesPence)}</dd>
          <dt>Closing balance</dt>
          <dd>
            <strong>{formatPence(statement.closingBalancePence)}</strong>
          </dd>
        </dl>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          Download CSV
        </Button>
      </section>
      <section className="panel" aria-labelledby="statement-movements">
        <h2 id="statement-movements" className="panel-title">
          Movements
        </h2>
        {statement.entries.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No movements this month" />
        ) : (
          <ul className="funding-history" aria-label="Movements">
            {statementLines(statement.entries).map((line) => (
              <li key={line.key} className="funding-row">
                <div className="funding-row-main">
                  <span className="funding-row-title">{line.title}</span>
                  <span className="muted funding-row-meta">
                    {line.memberName && `${line.memberName} · `}
                    {formatDateTime(line.occurredAt)}
                    {line.feePence > 0 && ` · fee ${formatPence(line.feePence)} paid on top`}
                  </span>
                  {line.steps.length > 0 && (
                    <ul className="statement-card-steps" aria-label={line.title}>
                      {line.steps.map((step) => (
                        <li key={step.key} className="muted funding-row-meta">
                          <span>{step.words}</span>
                          <span>{signedPence(step.amountPence)}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                  {line.detail && <span className="muted funding-row-meta">{line.detail}</span>}
                </div>
                <div className="statement-entry-amounts">
                  <span
                    className={
                      line.amountPence < 0 ? 'statement-out' : line.amountPence > 0 ? 'statement-in' : 'muted'
                    }
                  >
                    {signedPence(line.amountPence)}
                  </span>
                  <span className="muted funding-row-meta">
                    Balance {formatPence(line.balanceAfterPence)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
