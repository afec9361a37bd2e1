import { describe, expect, it } from 'vitest';
import { clientPage, roleKey, statusKey } from './request-labels';

describe('change request labels', () => {
  it('maps status codes, anything unknown is closed', () => {
    expect([0, 1, 2, 3, -1].map(statusKey)).toEqual(['waiting', 'approved', 'rejected', 'closed', 'closed']);
  });

  it('maps roles; medical centers, admins and unknown roles are N/A', () => {
    expect(['hospital', 'doctor', 'user', 'pharmacy', 'company', 'medical_center', 'admin', ''].map(roleKey)).toEqual([
      'hospital',
      'doctor',
      'user',
      'pharmacy',
      'company',
      'other',
      'other',
      'other',
    ]);
  });

  it('pages by 10 and clamps the page', () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(clientPage(items, 1).rows).toEqual(items.slice(0, 10));
    expect(clientPage(items, 3)).toMatchObject({
      rows: [20, 21, 22, 23, 24],
      paginator: { current_page: 3, last_page: 3, next_page_url: null },
    });
    expect(clientPage(items, 9).paginator.current_page).toBe(3);
    expect(clientPage([], 1).paginator).toEqual({ current_page: 1, last_page: 1, prev_page_url: null, next_page_url: null });
  });
});
