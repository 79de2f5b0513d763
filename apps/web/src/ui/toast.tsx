import type { NotificationArgsProps } from 'antd';
import type { ReactNode } from 'react';
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react';

export interface Toast {
  success(title: string, description?: ReactNode): void;
  error(title: string, description?: ReactNode): void;
  /** Why the app did something the user may not expect (e.g. sent them somewhere first). */
  info(title: string, description?: ReactNode): void;
}

export interface ToastRequest {
  type: NonNullable<NotificationArgsProps['type']>;
  title: string;
  description?: ReactNode;
}

export type ShowToast = (request: ToastRequest) => void;

const ToastContext = createContext<Toast | null>(null);

// antd's notification code loads with the first toast: most page loads never show one.
const ToastHost = lazy(() => import('./toast-host'));

/** The app's one toast stack: at most 3 visible, each closing after 4000 ms. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [hostWanted, setHostWanted] = useState(false);
  const show = useRef<ShowToast | null>(null);
  // Toasts asked for while the host is still loading, shown in order once it is there.
  const waiting = useRef<ToastRequest[]>([]);

  const connect = useCallback((showToast: ShowToast) => {
    show.current = showToast;
    waiting.current.splice(0).forEach(showToast);
  }, []);
  const toast = useMemo<Toast>(() => {
    const open = (type: ToastRequest['type'], title: string, description?: ReactNode) => {
      if (show.current) return show.current({ type, title, description });
      waiting.current.push({ type, title, description });
      setHostWanted(true);
    };
    return {
      success: (title, description) => open('success', title, description),
      error: (title, description) => open('error', title, description),
      info: (title, description) => open('info', title, description),
    };
  }, []);
  return (
    <ToastContext.Provider value={toast}>
      {hostWanted && (
        <Suspense fallback={null}>
          <ToastHost connect={connect} />
        </Suspense>
      )}
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
