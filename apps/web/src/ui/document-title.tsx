import { webConfig } from '../config';

/** Sets the tab title; React 19 hoists <title> into <head>. */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} | ${webConfig.productName}` : webConfig.productName}</title>;
}
