import './plain-controls.css';

import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { LoadingIcon } from './inline-icons';

interface PlainButtonLook {
  variant?: 'default' | 'primary' | 'text' | 'link';
  size?: 'middle' | 'large';
  block?: boolean;
  className?: string;
}

/** The classes of antd's button look (plain-controls.css), for the pages a visitor may open first. */
function buttonClasses({ variant = 'default', size = 'middle', block, className }: PlainButtonLook) {
  return ['btn', `btn-${variant}`, size === 'large' && 'btn-lg', block && 'btn-block', className]
    .filter(Boolean)
    .join(' ');
}

export type PlainButtonProps = PlainButtonLook &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & { loading?: boolean };

/** A button that looks like antd's without loading antd; `loading` shows a spinner and ignores clicks. */
export function PlainButton({
  variant,
  size,
  block,
  className,
  loading,
  children,
  ...button
}: PlainButtonProps) {
  const look = buttonClasses({ variant, size, block, className });
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
