import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { toPaginator } from './paginate';

const request = (url: string) => ({ url, publicOrigin: 'http://h:1' }) as unknown as FastifyRequest;

describe('toPaginator', () => {
  it('keeps other query parameters in page urls', () => {
    const page = toPaginator(request('/api/x?search=أحمد&page=2'), { items: [1, 2], total: 12, page: 2, perPage: 5 });
    expect(page.next_page_url).toBe(`http://h:1/api/x?search=${encodeURIComponent('أحمد')}&page=3`);
    expect(page).toMatchObject({ from: 6, to: 7, last_page: 3 });
  });

  it('windows long page lists like Laravel', () => {
    const page = toPaginator(request('/api/x?page=10'), { items: [1], total: 200, page: 10, perPage: 10 });
    expect(page.links.map((l) => l.label)).toEqual([
      '&laquo; Previous',
      '1',
      '2',
      '...',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '...',
      '19',
      '20',
      'Next &raquo;',
    ]);
    expect(page.links.filter((l) => l.label === '...').every((l) => l.url === null)).toBe(true);
  });

  it('describes an empty list as one empty page', () => {
    const page = toPaginator(request('/api/x'), { items: [], total: 0, page: 1, perPage: 10 });
    expect(page).toMatchObject({ last_page: 1, from: null, to: null, next_page_url: null, prev_page_url: null });
  });
});
