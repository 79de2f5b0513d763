import './notifications.css';

import { BellOutlined } from '@ant-design/icons';
import {
  type Notification,
  problemDetail,
  useListNotificationsQuery,
  useMarkNotificationsReadMutation,
} from '@kitty/api-client';
import { Alert, Badge, Button, Drawer, Grid, Popover, Spin } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { useLiveConnected } from '../live/use-live-updates';
import { formatDateTime } from '../pots/format';
import { useToast } from '../ui/toast';

/** While live updates are down the bell asks this often (with them, it is told at once). */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** The header's bell (issue 13 §1): how many are unread, and the newest in a panel. */
export function NotificationBell() {
  const live = useLiveConnected();
  const inbox = useListNotificationsQuery(undefined, {
    pollingInterval: live ? 0 : NOTIFICATIONS_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const [open, setOpen] = useState(false);
  const phone = !Grid.useBreakpoint().sm;
  const navigate = useNavigate();
  const toast = useToast();
  // Read defensively: the header is on every page, so nothing it shows may take the page down.
  const unread = inbox.data?.unreadCount ?? 0;
  const notifications = inbox.data?.notifications ?? [];

  const mark = async (ids?: string[]) => {
    try {
      await markRead(ids ? { ids } : {}).unwrap();
    } catch (error) {
      toast.error('Could not mark as read', problemDetail(error) ?? 'Please try again.');
    }
  };
  const follow = (notification: Notification) => {
    setOpen(false);
    if (!notification.readAt) void mark([notification.id]);
    void navigate(notification.link);
  };

  const panel = (
    <div className="notification-panel">
      <div className="notification-panel-header">
        <h2 id="notifications-title" className="notification-panel-title">
          Notifications
        </h2>
        {unread > 0 && (
          <Button type="link" size="small" loading={marking.isLoading} onClick={() => void mark()}>
            Mark all as read
          </Button>
        )}
      </div>
      {inbox.isLoading ? (
        <div className="notification-panel-state">
          <Spin aria-label="Loading notifications" />
        </div>
      ) : inbox.isError && !inbox.data ? (
        <Alert
          type="error"
          showIcon
          message="Notifications unavailable"
          description={problemDetail(inbox.error) ?? 'Please try again in a moment.'}
        />
      ) : notifications.length > 0 ? (
        <ul className="notification-list" aria-labelledby="notifications-title">
          {notifications.map((notification) => (
            <li key={notification.id}>
              <button
                type="button"
                className={`notification-item${notification.readAt ? '' : ' notification-unread'}`}
                onClick={() => follow(notification)}
              >
                <span className="notification-item-title">
                  {!notification.readAt && (
                    <>
                      <span className="notification-dot" aria-hidden />
                      <span className="visually-hidden">Unread: </span>
                    </>
                  )}
                  {notification.title}
                </span>
                {notification.body && <span className="notification-item-body">{notification.body}</span>}
                <span className="notification-item-time">{formatDateTime(notification.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="notification-panel-state muted">
          Nothing yet. Money arriving or leaving, and changes in your pots, show up here.
        </p>
      )}
      <Link to="/account#notifications" className="notification-settings" onClick={() => setOpen(false)}>
        Notification settings
      </Link>
    </div>
  );

  const bell = (
    <Badge count={unread} size="small" overflowCount={99} offset={[-4, 4]}>
      <Button
        type="text"
        shape="circle"
        icon={<BellOutlined aria-hidden />}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={phone ? () => setOpen(true) : undefined}
      />
    </Badge>
  );
  // A phone has no room beside the bell: the panel slides down over the page instead.
  if (phone)
    return (
      <>
        {bell}
        <Drawer
          open={open}
          onClose={() => setOpen(false)}
          placement="top"
          size="auto"
          closable
          aria-label="Notifications"
          styles={{ body: { padding: 16 } }}
        >
          {panel}
        </Drawer>
      </>
    );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      content={panel}
      arrow={false}
    >
      {bell}
    </Popover>
  );
}
