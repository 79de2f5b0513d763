import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';

/** Placeholder for a screen whose feature has not shipped yet: says so plainly, shows no made-up data. */
export default function ComingSoonPage({ title, summary }: { title: string; summary: string }) {
  return (
    <div className="page coming-soon">
      <DocumentTitle title={title} />
      <h1>{title}</h1>
      <p className="muted">{summary}</p>
      <p className="coming-soon-badge">Coming soon</p>
      <ButtonLink to="/">Back to home</ButtonLink>
    </div>
  );
}
