import './plain-display.css';

import type { HTMLAttributes, ReactNode, Ref } from 'react';

import { CheckCircleIcon, CloseCircleIcon, ExclamationCircleIcon, InfoCircleIcon } from './signed-in-icons';

/**
 * antd's Tag, Alert, Skeleton, Empty, Badge and Avatar looks in plain elements and CSS, for Home and the
 * signed-in header: the page most sessions open on loads no antd. Dialogs and other pages
 * still use antd's own.
 */

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export function PlainTag({
  color = 'default',
  className,
  children,
}: {
  color?: 'default' | 'green' | 'blue';
  className?: string;
  children: ReactNode;
}) {
  return <span className={classes('plain-tag', `plain-tag-${color}`, className)}>{children}</span>;
}

const ALERT_ICONS = {
  error: CloseCircleIcon,
  warning: ExclamationCircleIcon,
  info: InfoCircleIcon,
  success: CheckCircleIcon,
};

/** A note with its icon; `role` is 'alert' as antd's, or 'status' for one that is not urgent. */
export function PlainAlert({
  type,
  title,
  description,
  action,
  role = 'alert',
  className,
}: {
  type: keyof typeof ALERT_ICONS;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  role?: 'alert' | 'status';
  className?: string;
}) {
  const Icon = ALERT_ICONS[type];
  return (
    <div
      role={role}
      className={classes(
        'plain-alert',
        `plain-alert-${type}`,
        description !== undefined && 'plain-alert-with-description',
        className,
      )}
    >
      <Icon className="plain-alert-icon" />
      <div className="plain-alert-content">
        <div className="plain-alert-title">{title}</div>
        {description !== undefined && <div className="plain-alert-description">{description}</div>}
      </div>
      {action && <div className="plain-alert-action">{action}</div>}
    </div>
  );
}

/** Grey bars shimmering where content is on its way; `label` names what (a status, so it is announced). */
export function PlainSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div className="plain-skeleton" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        <span key={row} className="plain-skeleton-bar" />
      ))}
    </div>
  );
}

/** One bar the size of an input: a figure on its way. */
export function PlainSkeletonLine({
  size = 'middle',
  label,
}: {
  size?: 'small' | 'middle' | 'large';
  label: string;
}) {
  return (
    <span className={`plain-skeleton-line plain-skeleton-line-${size}`} role="status" aria-label={label} />
  );
}

/** antd's "simple" empty picture, its description, and what to do about it. */
export function PlainEmpty({ description, children }: { description: string; children?: ReactNode }) {
  return (
    <div className="plain-empty">
      <svg className="plain-empty-image" width="64" height="41" viewBox="0 0 64 41" aria-hidden="true">
        <g transform="translate(0 1)" fill="none" fillRule="evenodd">
          <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
          <g fillRule="nonzero" stroke="#d9d9d9">
            <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
            <path
              d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
              fill="#fafafa"
            />
          </g>
        </g>
      </svg>
      <p className="plain-empty-description">{description}</p>
      {children}
    </div>
  );
}

/**
 * A count on the corner of what it wraps (nothing at 0); more than `overflow` reads "99+". Other props and
 * the ref go to its element: a popover that opens from it (the bell's) attaches there, as to antd's Badge.
 */
export function PlainBadge({
  count,
  overflow = 99,
  children,
  ref,
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { count: number; overflow?: number; ref?: Ref<HTMLSpanElement> }) {
  return (
    <span {...rest} ref={ref} className={classes('plain-badge', className)}>
      {children}
      {count > 0 && (
        <sup className="plain-badge-count" aria-hidden="true">
          {count > overflow ? `${overflow}+` : count}
        </sup>
      )}
    </span>
  );
}
