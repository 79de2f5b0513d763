import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';

import { ToastProvider, useToast } from './toast';

function FiveToasts() {
  const toast = useToast();
  useEffect(() => {
    for (let n = 1; n <= 5; n += 1) toast.success(`Toast ${n}`, `Description ${n}`);
  }, [toast]);
  return null;
}

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows at most 3 at once and closes each after 4000 ms', async () => {
    render(
      <ToastProvider>
        <FiveToasts />
      </ToastProvider>,
    );
    await act(() => jest.advanceTimersByTimeAsync(0));

    expect(screen.queryByText('Toast 1')).toBeNull();
    expect(screen.queryByText('Toast 2')).toBeNull();
    expect(screen.getByText('Toast 3')).toBeVisible();
    expect(screen.getByText('Toast 5')).toBeVisible();
    expect(screen.getByText('Description 5')).toBeVisible();

    await act(() => jest.advanceTimersByTimeAsync(3_900));
    expect(screen.getByText('Toast 5')).toBeVisible();

    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByText('Toast 5')).toBeNull();
  });
});
