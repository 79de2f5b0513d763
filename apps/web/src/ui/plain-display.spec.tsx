import { render, screen } from '@testing-library/react';

import {
  PlainAlert,
  PlainBadge,
  PlainEmpty,
  PlainSkeleton,
  PlainSkeletonLine,
  PlainTag,
} from './plain-display';

describe('plain display elements', () => {
  it('shows a count on the badge, none at zero, and 99+ beyond 99, hidden from screen readers', () => {
    const { container, rerender } = render(
      <PlainBadge count={0}>
        <button type="button">Bell</button>
      </PlainBadge>,
    );
    expect(container.querySelector('.plain-badge-count')).toBeNull();

    rerender(
      <PlainBadge count={7}>
        <button type="button">Bell</button>
      </PlainBadge>,
    );
    expect(container.querySelector('.plain-badge-count')?.textContent).toBe('7');
    expect(container.querySelector('.plain-badge-count')?.getAttribute('aria-hidden')).toBe('true');

    rerender(
      <PlainBadge count={120}>
        <button type="button">Bell</button>
      </PlainBadge>,
    );
    expect(container.querySelector('.plain-badge-count')?.textContent).toBe('99+');
  });

  it('gives the badge element the ref and props a popover attaches (as antd Badge takes them)', () => {
    let attached: HTMLSpanElement | null = null;
    const onClick = jest.fn();
    render(
      <PlainBadge count={1} ref={(element) => void (attached = element)} onClick={onClick} className="x">
        <button type="button">Bell</button>
      </PlainBadge>,
    );
    screen.getByRole('button', { name: 'Bell' }).click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(attached).not.toBeNull();
    expect((attached as HTMLSpanElement | null)?.className).toBe('plain-badge x');
  });

  it('announces an alert as an alert, a note as a status, with title, description and action', () => {
    render(
      <>
        <PlainAlert
          type="error"
          title="Could not load"
          description="Try later."
          action={<button type="button">Retry</button>}
        />
        <PlainAlert type="warning" role="status" title="Confirm your address" />
      </>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load');
    expect(alert.textContent).toContain('Try later.');
    expect(alert.className).toContain('plain-alert-error');
    expect(alert.className).toContain('plain-alert-with-description');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(screen.getByRole('status').className).not.toContain('plain-alert-with-description');
  });

  it('names what is loading, and draws as many bars as asked', () => {
    render(
      <>
        <PlainSkeleton rows={3} label="Loading your card" />
        <PlainSkeletonLine size="large" label="Loading your balance" />
      </>,
    );
    expect(screen.getByRole('status', { name: 'Loading your card' }).children).toHaveLength(3);
    expect(screen.getByRole('status', { name: 'Loading your balance' }).className).toContain(
      'plain-skeleton-line-large',
    );
  });

  it('colours tags by preset and keeps the empty state’s picture out of the accessibility tree', () => {
    const { container } = render(
      <>
        <PlainTag color="green">Active</PlainTag>
        <PlainEmpty description="No pots yet">
          <a href="/create-pot">Create Your First Pot</a>
        </PlainEmpty>
      </>,
    );
    expect(screen.getByText('Active').className).toBe('plain-tag plain-tag-green');
    expect(screen.getByText('No pots yet')).toBeVisible();
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
