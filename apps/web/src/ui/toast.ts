import type { AppProps } from 'antd';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';

// antd counts durations in seconds: 4 s = the spec's 4000 ms auto-close (spec §9).
const TOAST_DURATION_SECONDS = 4;
const MAX_VISIBLE_TOASTS = 3;

/** Passed to antd's <App>: at most 3 toasts at once, each closing after 4000 ms. */
export const notificationConfig: AppProps['notification'] = {
  maxCount: MAX_VISIBLE_TOASTS,
  duration: TOAST_DURATION_SECONDS,
  stack: false,
  placement: 'topRight',
};

export const messageConfig: AppProps['message'] = {
  maxCount: MAX_VISIBLE_TOASTS,
  duration: TOAST_DURATION_SECONDS,
};

export interface Toast {
  success(title: string, description?: ReactNode): void;
  error(title: string, description?: ReactNode): void;
}

/** Toasts in the spec's 'Title: description' form, through the app-wide antd notification instance. */
export function useToast(): Toast {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title, description) => notification.success({ title, description }),
      error: (title, description) => notification.error({ title, description }),
    }),
    [notification],
  );
}
