import type { ButtonProps } from 'antd';
import { Button } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router-dom';

export type ButtonLinkProps = Omit<ButtonProps, 'href' | 'onClick'> & { to: string };

/** An antd button that is a real link (new tab, copy address) and navigates inside the app on click. */
export function ButtonLink({ to, ...buttonProps }: ButtonLinkProps) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLElement>(to);
  return <Button {...buttonProps} href={href} onClick={handleClick} />;
}
