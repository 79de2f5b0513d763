import './notifications.css';

import {
  type Notification,
  problemDetail,
  useListNotificationsQuery,
  useMarkNotificationsReadMutation,
} from '@kitty/api-client';
import { Alert, Button, Drawer, Grid, Popover, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { formatDateTime } from '../pots/format';
import { useToast } from '../ui/toast';
import type { BellProps } from './notification-bell';

interface NotificationPopupProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  renderBell: (props?: BellProps) => ReactNode;
}

/** The bell's panel: the newest notifications in a popover, or a drawer on a phone. */
export default function NotificationPopup({ open, onOpenChange, renderBell }: NotificationPopupProps) {
  // The bell's subscription polls; this one reads the same cache entry.
  const inbox = useListNotificationsQuery();
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const phone = !Grid.useBreakpoint().sm;
  const navigate = useNavigate();
  const toast = useToast();
  const bellRef = useRef<HTMLButtonElement>(null);
  // This panel mounts on the bell's first click, which re-created the bell: give it its focus back (on the
  // next frame: the opening popover takes focus in this one, checked in Chromium).
  useEffect(() => {
    const frame = requestAnimationFrame(() => bellRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
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
    onOpenChange(false);
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
      <Link to="/account#notifications" className="notification-settings" onClick={() => onOpenChange(false)}>
        Notification settings
      </Link>
    </div>
  );

  // A phone has no room beside the bell: the panel slides down over the page instead.
  if (phone)
    return (
      <>
        {renderBell({ onClick: () => onOpenChange(true), ref: bellRef })}
        <Drawer
          open={open}
          onClose={() => onOpenChange(false)}
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
      onOpenChange={onOpenChange}
      content={panel}
      arrow={false}
    >
      {renderBell({ ref: bellRef })}
    </Popover>
  );
}
