/**
 * Whether a request URL names something under /api as the router or any proxy in front of it could read
 * it: percent-decoded, duplicate slashes and dot segments resolved, case ignored. A raw-string prefix test
 * misses `//api/…`, `/API/…`, `/%61pi/…` and `/x/../api/…`, and would answer those with the SPA's shell.
 * An undecodable URL counts as an API path: it is never a page.
 */
export function isApiPath(url: string): boolean {
  const rawPath = url.split(/[?#]/, 1)[0];
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return true;
  }
  const segments: string[] = [];
  for (const segment of path.split(/[/\\]/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments[0]?.trim().toLowerCase() === 'api';
}

/**
 * Whether the SPA's shell answers an unknown URL: a client-side route (/pot/123), not an API path and not
 * a file (/assets/gone-abc123.js from an old build, /x.js.map): those get a 404, not HTML that the browser
 * would try to run as a script.
 */
export function isPagePath(url: string): boolean {
  if (isApiPath(url)) return false;
  const lastSegment = url.split(/[?#]/, 1)[0].split('/').at(-1) ?? '';
  return !/\.[A-Za-z0-9]+$/.test(lastSegment);
}
