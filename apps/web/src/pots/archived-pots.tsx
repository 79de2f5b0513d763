import { useListArchivedPotsQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Link } from 'react-router-dom';

/**
 * The pots the user archived or was in when they were archived: out of the grid, but one click away
 * (their record stays readable, the owner can restore one or withdraw what is left).
 */
export function ArchivedPots() {
  const archived = useListArchivedPotsQuery();
  if (!archived.data || archived.data.length === 0) return null;
  return (
    <details className="archived-pots">
      <summary>Archived pots ({archived.data.length})</summary>
      <ul>
        {archived.data.map((pot) => (
          <li key={pot.id}>
            <Link to={`/pot/${pot.id}`}>{pot.name}</Link>
            <span className="muted">{formatPence(pot.balancePence)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
