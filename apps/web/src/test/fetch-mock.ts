export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** Replaces fetch for one test; every call's Request is recorded. */
export function mockFetch(handler: FetchHandler) {
  const requests: Request[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    requests.push(request.clone());
    return handler(request);
  });
  return { spy, requests };
}

export const json = (body: unknown, status = 200) => Response.json(body, { status });

export const problem = (status: number, detail: string, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, detail, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

export const noContent = () => new Response(null, { status: 204 });

export function pathOf(request: Request): string {
  return new URL(request.url).pathname;
}

/** Every signed-in page's header reads the notifications for its bell: requests without those. */
export const withoutBell = (requests: Request[]) =>
  requests.filter((request) => pathOf(request) !== '/api/notifications');
