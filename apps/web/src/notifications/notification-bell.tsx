import { BellOutlined } from '@ant-design/icons';
import { useListNotificationsQuery } from '@kitty/api-client';
import { Badge, Button } from 'antd';
import type { Ref } from 'react';
import { lazy, Suspense, useState } from 'react';

import { useLiveConnected } from '../live/use-live-updates';

/** While live updates are down the bell asks this often (with them, it is told at once). */
export const NOTIFICATIONS_POLL_MS = 60_000;

// The panel (popover or drawer, list, mark as read) loads when first opened, not with every page.
const NotificationPopup = lazy(() => import('./notification-popup'));

export interface BellProps {
  onClick?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/** The header's bell (issue 13 §1): how many are unread, and the newest in a panel. */
export function NotificationBell() {
  const live = useLiveConnected();
  const inbox = useListNotificationsQuery(undefined, {
    pollingInterval: live ? 0 : NOTIFICATIONS_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  // Read defensively: the header is on every page, so nothing it shows may take the page down.
  const unread = inbox.data?.unreadCount ?? 0;

  const renderBell = ({ onClick, ref }: BellProps = {}) => (
    <Badge count={unread} size="small" overflowCount={99} offset={[-4, 4]}>
      <Button
        ref={ref}
        type="text"
        shape="circle"
        icon={<BellOutlined aria-hidden />}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={onClick}
      />
    </Badge>
  );

  if (!everOpened)
    return renderBell({
      onClick: () => {
        setEverOpened(true);
        setOpen(true);
      },
    });
  return (
    <Suspense fallback={renderBell()}>
      <NotificationPopup open={open} onOpenChange={setOpen} renderBell={renderBell} />
    </Suspense>
  );
}
