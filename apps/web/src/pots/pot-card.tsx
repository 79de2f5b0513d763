import type { PotSummary } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Link } from 'react-router-dom';

import { PlainButton } from '../ui/plain-button';
import { PlainTag } from '../ui/plain-display';
import { MemberAvatars } from './member-avatars';

export interface PotCardProps {
  pot: PotSummary;
  active: boolean;
  onSetActive: (pot: PotSummary) => void;
  settingActive: boolean;
}

/** What the pot's money means to the caller: their own position in it, in words. */
export function yourPositionWords(netPence: number): string {
  if (netPence < 0) return `You owe ${formatPence(-netPence)}`;
  if (netPence > 0) return `You are owed ${formatPence(netPence)}`;
  return 'You are settled up';
}

/**
 * One pot on Home: name, the group's balance in £, the caller's own position in it, members, and whether
 * it is the active pot.
 */
export function PotCard({ pot, active, onSetActive, settingActive }: PotCardProps) {
  return (
    <article className="pot-card" aria-labelledby={`pot-${pot.id}`}>
      <header className="pot-card-header">
        <h3 id={`pot-${pot.id}`} className="pot-card-title">
          <Link to={`/pot/${pot.id}`}>{pot.name}</Link>
        </h3>
        {active && <PlainTag color="green">Active</PlainTag>}
      </header>
      {pot.description && <p className="pot-card-description muted">{pot.description}</p>}
      <p className="pot-card-balance">
        <span className="visually-hidden">Balance: </span>
        {formatPence(pot.balancePence)}
      </p>
      <p
        className={`pot-card-position${pot.yourNetPence < 0 ? ' pot-card-position-owes' : ''}`}
        data-testid="your-position"
      >
        {yourPositionWords(pot.yourNetPence)}
      </p>
      <footer className="pot-card-footer">
        <MemberAvatars members={pot.members} />
        {!active && (
          <PlainButton size="small" onClick={() => onSetActive(pot)} loading={settingActive}>
            Set as active
          </PlainButton>
        )}
      </footer>
    </article>
  );
}
