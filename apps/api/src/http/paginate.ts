import type { FastifyRequest } from 'fastify';
import type { Paginator, SimplePaginator } from '@sehha/contract/envelope';

export type Page<T> = { items: T[]; total: number; page: number; perPage: number };

/** The request's absolute URL without its query, as Laravel's paginator `path` (origin: see public-url.ts). */
function basePath(request: FastifyRequest): string {
  return `${request.publicOrigin}${request.url.split('?')[0]}`;
}

function pageUrl(request: FastifyRequest, page: number): string {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  query.set('page', String(page));
  return `${basePath(request)}?${query.toString()}`;
}

/** Laravel's page window: all pages up to 10, else the ends and 3 on each side of the current one. */
function pageNumbers(current: number, last: number): Array<number | '...'> {
  if (last <= 10) return Array.from({ length: last }, (_, i) => i + 1);
  const wanted = new Set<number>([1, 2, last - 1, last]);
  for (let p = current - 3; p <= current + 3; p++) if (p >= 1 && p <= last) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: Array<number | '...'> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) result.push('...');
    result.push(p);
  });
  return result;
}

/** Builds Laravel's LengthAwarePaginator JSON for one page of rows. */
export function toPaginator<T>(request: FastifyRequest, { items, total, page, perPage }: Page<T>): Paginator<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = items.length > 0 ? (page - 1) * perPage + 1 : null;
  const prev = page > 1 ? pageUrl(request, page - 1) : null;
  const next = page < lastPage ? pageUrl(request, page + 1) : null;
  return {
    current_page: page,
    data: items,
    first_page_url: pageUrl(request, 1),
    from,
    last_page: lastPage,
    last_page_url: pageUrl(request, lastPage),
    links: [
      { url: prev, label: '&laquo; Previous', active: false },
      ...pageNumbers(page, lastPage).map((p) =>
        p === '...' ? { url: null, label: '...', active: false } : { url: pageUrl(request, p), label: String(p), active: p === page },
      ),
      { url: next, label: 'Next &raquo;', active: false },
    ],
    next_page_url: next,
    path: basePath(request),
    per_page: perPage,
    prev_page_url: prev,
    to: from === null ? null : from + items.length - 1,
    total,
  };
}

/** A page read with one row beyond it (`hasMore`: that row existed), for lists answered without a count. */
export type SimplePage<T> = { items: T[]; hasMore: boolean; page: number; perPage: number };

/** Builds Laravel's simplePaginate() JSON: no total, `next_page_url` only when another page follows. */
export function toSimplePaginator<T>(request: FastifyRequest, { items, hasMore, page, perPage }: SimplePage<T>): SimplePaginator<T> {
  const from = items.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    data: items,
    first_page_url: pageUrl(request, 1),
    from,
    next_page_url: hasMore ? pageUrl(request, page + 1) : null,
    path: basePath(request),
    per_page: perPage,
    prev_page_url: page > 1 ? pageUrl(request, page - 1) : null,
    to: from === null ? null : from + items.length - 1,
  };
}
