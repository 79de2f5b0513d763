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

/** One pot on Home: name, balance in £, members, and whether it is the active pot. */
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
