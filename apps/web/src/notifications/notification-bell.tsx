import { useListNotificationsQuery } from '@kitty/api-client';
import type { Ref } from 'react';
import { Suspense, useState } from 'react';

import { useLiveConnected } from '../live/use-live-updates';
import { lazyWithAntd } from '../ui/lazy-with-antd';
import { PlainButton } from '../ui/plain-button';
import { PlainBadge } from '../ui/plain-display';
import { BellIcon } from '../ui/signed-in-icons';

/** While live updates are down the bell asks this often (with them, it is told at once). */
export const NOTIFICATIONS_POLL_MS = 60_000;

// The panel (popover or drawer, list, mark as read) loads when first opened, not with every page; the
// bell itself is plain, so the header loads no antd.
const NotificationPopup = lazyWithAntd(() => import('./notification-popup'));

export interface BellProps {
  onClick?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/** The header's bell: how many are unread, and the newest in a panel. */
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
    <PlainBadge count={unread}>
      <PlainButton
        ref={ref}
        variant="text"
        iconOnly
        circle
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={onClick}
      >
        <BellIcon />
      </PlainButton>
    </PlainBadge>
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
