import { Spin } from 'antd';

/** Centred spinner for a page (or its code) that is still loading. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
