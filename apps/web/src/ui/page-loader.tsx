import './plain-controls.css';

/**
 * Centred spinner for a page (or its code) that is still loading: antd's large Spin drawn in CSS, since it
 * shows before any antd has loaded.
 */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="spin-dots" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/**
 * What a dialog shows while its code is still on its way (a page that renders no antd loads it with its
 * first dialog): the page dimmed as under a modal, and a spinner, so the click visibly took.
 */
export function DialogLoader({ label = 'Opening…' }: { label?: string }) {
  return (
    <div className="dialog-loader" role="status" aria-live="polite">
      <span className="spin-dots" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
