import type { FastifyRequest } from 'fastify';
import { toPaginator, type Page } from './paginate';

/** A list route's `?page=&per_page=&…` query as its service takes it: `per_page` becomes `perPage`, the filters stay. */
export function pageQuery<Q extends { page: number; per_page: number }>({
  per_page,
  ...filters
}: Q): Omit<Q, 'per_page'> & { perPage: number } {
  return { ...filters, perPage: per_page };
}

/** A list route's answer: the service's page as Laravel's paginator, under `data`. */
export async function paginated<T>(request: FastifyRequest, page: Promise<Page<T>>) {
  return { data: toPaginator(request, await page) };
}
