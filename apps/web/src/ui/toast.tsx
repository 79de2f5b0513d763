import type { NotificationArgsProps } from 'antd';
import { notification } from 'antd';
import type { ReactNode } from 'react';
import { createContext, useContext, useMemo } from 'react';

// antd counts durations in seconds: 4 s = the spec's 4000 ms auto-close (spec §9).
const TOAST_DURATION_SECONDS = 4;
const MAX_VISIBLE_TOASTS = 3;

export interface Toast {
  success(title: string, description?: ReactNode): void;
  error(title: string, description?: ReactNode): void;
  /** Why the app did something the user may not expect (e.g. sent them somewhere first). */
  info(title: string, description?: ReactNode): void;
}

const ToastContext = createContext<Toast | null>(null);

/** The app's one toast stack: at most 3 visible, each closing after 4000 ms. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [api, holder] = notification.useNotification({
    maxCount: MAX_VISIBLE_TOASTS,
    duration: TOAST_DURATION_SECONDS,
    stack: false,
    placement: 'topRight',
  });
  const toast = useMemo<Toast>(() => {
    const open = (type: NonNullable<NotificationArgsProps['type']>, title: string, description?: ReactNode) =>
      api.open({ type, title, description });
    return {
      success: (title, description) => open('success', title, description),
      error: (title, description) => open('error', title, description),
      info: (title, description) => open('info', title, description),
    };
  }, [api]);
  return (
    <ToastContext.Provider value={toast}>
      {holder}
      {children}
    </ToastContext.Provider>
  );
}

/** Toasts in the spec's 'Title: description' form. */
export function useToast(): Toast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <ToastProvider>');
  return toast;
}
