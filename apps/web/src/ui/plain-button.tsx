import './plain-controls.css';

import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';

import { LoadingIcon } from './inline-icons';

interface PlainButtonLook {
  variant?: 'default' | 'primary' | 'text' | 'link';
  size?: 'small' | 'middle' | 'large';
  /** Only an icon (named by aria-label): square, or round with `circle`. */
  iconOnly?: boolean;
  circle?: boolean;
  block?: boolean;
  className?: string;
}

/** The classes of antd's button look (plain-controls.css), for the pages that load no antd. */
function buttonClasses({
  variant = 'default',
  size = 'middle',
  iconOnly,
  circle,
  block,
  className,
}: PlainButtonLook) {
  return [
    'btn',
    `btn-${variant}`,
    size === 'large' && 'btn-lg',
    size === 'small' && 'btn-sm',
    iconOnly && 'btn-icon-only',
    circle && 'btn-circle',
    block && 'btn-block',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

export type PlainButtonProps = PlainButtonLook &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
    loading?: boolean;
    ref?: Ref<HTMLButtonElement>;
  };

/** A button that looks like antd's without loading antd; `loading` shows a spinner and ignores clicks. */
export function PlainButton({
  variant,
  size,
  iconOnly,
  circle,
  block,
  className,
  loading,
  children,
  ...button
}: PlainButtonProps) {
  const look = buttonClasses({ variant, size, iconOnly, circle, block, className });
  return (
    <button
      type="button"
      {...button}
      className={loading ? `${look} btn-loading` : look}
      aria-busy={loading || undefined}
    >
      {loading && <LoadingIcon className="btn-spinner" />}
      {children}
    </button>
  );
}

/** A link (new tab, copy address) that looks like antd's button and navigates inside the app. */
export function PlainButtonLink({
  to,
  children,
  ...look
}: PlainButtonLook & { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClasses(look)}>
      {children}
    </Link>
  );
}
