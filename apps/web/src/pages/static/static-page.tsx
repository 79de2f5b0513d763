import type { ReactNode } from 'react';

import { DocumentTitle } from '../../ui/document-title';

/** Layout of the long-form pages (about, services, legal): readable measure, headed sections. */
export function StaticPage({
  title,
  lead,
  updated,
  children,
}: {
  title: string;
  lead: ReactNode;
  updated?: string;
  children: ReactNode;
}) {
  return (
    <article className="page static-page">
      <DocumentTitle title={title} />
      <header className="page-header">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {updated && <p className="muted">Last updated: {updated}</p>}
      </header>
      {children}
    </article>
  );
}
