import { notification } from 'antd';
import { useEffect } from 'react';

import AntdTheme from '../app/antd-theme';
import type { ShowToast } from './toast';

// antd counts durations in seconds: 4 s = the spec's 4000 ms auto-close (spec §9).
const TOAST_DURATION_SECONDS = 4;
const MAX_VISIBLE_TOASTS = 3;

function ThemedToastHost({ connect }: { connect: (show: ShowToast) => void }) {
  const [api, holder] = notification.useNotification({
    maxCount: MAX_VISIBLE_TOASTS,
    duration: TOAST_DURATION_SECONDS,
    stack: false,
    placement: 'topRight',
  });
  useEffect(() => connect((request) => api.open(request)), [api, connect]);
  return holder;
}

/** antd's notification stack, handed to the ToastProvider once loaded. */
export default function ToastHost({ connect }: { connect: (show: ShowToast) => void }) {
  return (
    <AntdTheme>
      <ThemedToastHost connect={connect} />
    </AntdTheme>
  );
}
