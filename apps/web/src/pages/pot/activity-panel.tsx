import type { ActivityEntry } from '@kitty/api-client';
import { Button } from 'antd';
import { useState } from 'react';

import { formatDateTime } from '../../pots/format';

const FIRST_ENTRIES = 10;

/** Everything that happened in the pot, newest first: the latest 10, then all on request. */
export function ActivityPanel({ entries }: { entries: readonly ActivityEntry[] }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? entries : entries.slice(0, FIRST_ENTRIES);
  return (
    <>
      <ol className="activity-list" aria-label="Activity">
        {shown.map((entry) => (
          <li key={entry.id} className="activity-item">
            <span>{entry.summary}</span>
            <time className="muted" dateTime={entry.createdAt}>
              {formatDateTime(entry.createdAt)}
            </time>
          </li>
        ))}
      </ol>
      {entries.length > shown.length && (
        <Button type="link" onClick={() => setShowAll(true)}>
          Show all {entries.length}
        </Button>
      )}
    </>
  );
}
