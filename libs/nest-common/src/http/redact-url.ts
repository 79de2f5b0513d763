/**
 * Path segments that are bearer secrets: whoever reads them can act with them (an invitation link's
 * token, 43 base64url characters today). Ids (UUIDs, Stripe's `acct_…`) are not secret and stay readable.
 */
const SECRET_SEGMENT = /^[A-Za-z0-9_-]{32,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Query parameters that carry credentials. */
const SECRET_PARAMETER = /^(token|access_token|refresh_token|code|key|secret|signature|password)$/i;
const REDACTED = '[redacted]';

/**
 * A request URL fit for a log line: secret path segments and credential query parameters replaced. Access
 * logs are read by more people and kept longer than the links they describe are valid.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = path
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(segment) && !UUID.test(segment) ? REDACTED : segment))
    .join('/');
  if (queryAt === -1) return redactedPath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const [name] = pair.split('=', 1);
      return SECRET_PARAMETER.test(decodeURIComponentSafe(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
