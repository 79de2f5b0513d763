import './plain-controls.css';

/** antd's large Spin drawn in CSS, since it shows before any antd has loaded; `label` says what for. */
function Spinner({ className, label }: { className: string; label: string }) {
  return (
    <div className={className} role="status" aria-live="polite">
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

/** Centred spinner for a page (or its code) that is still loading. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return <Spinner className="page-loader" label={label} />;
}

/**
 * What a dialog shows while its code is still on its way (a page that renders no antd loads it with its
 * first dialog): the page dimmed as under a modal, and a spinner, so the click visibly took.
 */
export function DialogLoader({ label = 'Opening…' }: { label?: string }) {
  return <Spinner className="dialog-loader" label={label} />;
}
