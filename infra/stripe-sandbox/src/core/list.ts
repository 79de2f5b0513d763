import { invalidRequest } from './stripe-error';

export interface PageParams {
  limit: number;
  starting_after?: string;
  ending_before?: string;
}

export interface ApiList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/**
 * Stripe's cursor pagination over a newest-first list: `starting_after` continues after that object,
 * `ending_before` pages backwards (the page still comes newest first).
 */
export function paginate<T extends { id: string }>(items: T[], page: PageParams, url: string): ApiList<T> {
  if (page.starting_after !== undefined && page.ending_before !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', {
      code: 'parameters_exclusive',
      param: 'ending_before',
    });
  }
  if (page.ending_before !== undefined) {
    const end = indexOf(items, page.ending_before, 'ending_before');
    const start = Math.max(0, end - page.limit);
    return { object: 'list', data: items.slice(start, end), has_more: start > 0, url };
  }
  const start =
    page.starting_after === undefined ? 0 : indexOf(items, page.starting_after, 'starting_after') + 1;
  const data = items.slice(start, start + page.limit);
  return { object: 'list', data, has_more: start + page.limit < items.length, url };
}

function indexOf<T extends { id: string }>(items: T[], id: string, param: string): number {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0)
    throw invalidRequest(`No such object for ${param}: '${id}'`, { code: 'resource_missing', param });
  return index;
}
