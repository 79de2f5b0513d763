import '../../pots/pots.css';

import { CheckCircleFilled } from '@ant-design/icons';
import { useListPotsQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Button, Skeleton } from 'antd';
import { useLocation } from 'react-router-dom';

import { cardPotWords, useCardPot } from '../../pots/card-pot-line';
import { MemberAvatars } from '../../pots/member-avatars';
import { PotsFetchError } from '../../pots/pots-fetch-error';
import { useSetActivePot } from '../../pots/use-set-active-pot';
import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';

/**
 * /pot-summary: after creating a pot, the user's pots with View Details and Add Expense. The new pot says
 * which pot card payments come from: a new pot is empty, so it becomes the active pot only when the user
 * asks (or when it is their first).
 */
export default function PotSummaryPage() {
  const pots = useListPotsQuery();
  const cardPot = useCardPot();
  const { setActive, pendingPotId } = useSetActivePot();
  const state: unknown = useLocation().state;
  const createdPotId =
    typeof state === 'object' && state !== null && 'createdPotId' in state ? state.createdPotId : undefined;

  return (
    <div className="page pot-summary-page">
      <DocumentTitle title="Pot Created Successfully" />
      <header className="page-header pot-summary-header">
        <CheckCircleFilled className="result-icon result-icon-success" aria-hidden />
        <h1>Pot Created Successfully</h1>
        <p className="lead">Add an expense, or open a pot to invite more people.</p>
      </header>

      <section className="panel" aria-labelledby="your-pots" aria-busy={pots.isLoading}>
        <h2 id="your-pots" className="panel-title">
          Your Pots
        </h2>
        {pots.isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : pots.isError && !pots.data ? (
          <PotsFetchError error={pots.error} onRetry={() => pots.refetch()} />
        ) : (
          <ul className="summary-list">
            {(pots.data ?? []).map((pot) => (
              <li
                key={pot.id}
                className={`summary-item${pot.id === createdPotId ? ' summary-item-new' : ''}`}
              >
                <div className="summary-item-main">
                  <h3 className="summary-item-title">
                    {pot.name}
                    {pot.id === createdPotId && <span className="new-badge">New</span>}
                  </h3>
                  {pot.description && <p className="muted summary-item-description">{pot.description}</p>}
                  <div className="summary-item-meta">
                    <span className="summary-item-balance">{formatPence(pot.balancePence)}</span>
                    <MemberAvatars members={pot.members} />
                  </div>
                  {pot.id === createdPotId && cardPot.loaded && (
                    <p className="muted card-pot-line" data-testid="card-pot">
                      {cardPotWords(pot.id, cardPot)}{' '}
                      {cardPot.potId !== pot.id && (
                        <Button size="small" onClick={() => setActive(pot)} loading={pendingPotId === pot.id}>
                          Spend from {pot.name} instead
                        </Button>
                      )}
                    </p>
                  )}
                </div>
                <div className="summary-item-actions">
                  <ButtonLink to={`/pot/${pot.id}`} aria-label={`View Details of ${pot.name}`}>
                    View Details
                  </ButtonLink>
                  <ButtonLink
                    to={`/pot/${pot.id}?action=expense`}
                    type="primary"
                    aria-label={`Add Expense to ${pot.name}`}
                  >
                    Add Expense
                  </ButtonLink>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
