import type { ActivityEntry } from '@kitty/api-client';

import { formatDateTime } from '../../pots/format';

/** Everything that happened in the pot, newest first. */
export function ActivityPanel({ entries }: { entries: readonly ActivityEntry[] }) {
  return (
    <ol className="activity-list" aria-label="Activity">
      {entries.map((entry) => (
        <li key={entry.id} className="activity-item">
          <span>{entry.summary}</span>
          <time className="muted" dateTime={entry.createdAt}>
            {formatDateTime(entry.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}
