import { expect, type APIRequestContext } from '@playwright/test';
import { baseURL } from './env';
import type { Session } from './session';

export type ProviderRow = { id: number; name_en: string; name_ar: string; email: string; status: string; appointments_count?: number };
type Slug = 'doctors' | 'pharmacies' | 'hospitals' | 'medical-centers' | 'companies';

const headers = (session: Session) => ({ Authorization: `Bearer ${session.token}`, Accept: 'application/json' });

/** Providers of a kind through the admin API, as the list screen asks for them. */
export async function listProviders(
  request: APIRequestContext,
  session: Session,
  slug: Slug,
  query: Record<string, string> = {},
): Promise<ProviderRow[]> {
  const response = await request.get(`${baseURL}/api/admin/providers/${slug}`, {
    headers: headers(session),
    // Pending lists default to oldest first (issue 29); the specs share the demo's pending providers by position in the
    // newest-first order they were written for.
    params: { per_page: '50', ...(query.status === 'pending' && !query.sort ? { sort: 'created_at', direction: 'desc' } : {}), ...query },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { data: ProviderRow[] } }).data.data;
}

export async function providerNamed(request: APIRequestContext, session: Session, slug: Slug, name_en: string): Promise<ProviderRow> {
  const found = (await listProviders(request, session, slug, { search: name_en })).find((p) => p.name_en === name_en);
  expect(found, `${slug}: ${name_en}`).toBeDefined();
  return found!;
}

/** Ads of one provider, through the API. */
export async function adsOf(
  request: APIRequestContext,
  session: Session,
  providerId: number,
): Promise<Array<{ id: number; title_en: string; title_ar: string }>> {
  const response = await request.get(`${baseURL}/api/admin/providers/ads/${providerId}`, { headers: headers(session) });
  return response.ok()
    ? ((await response.json()) as { data: { data: Array<{ id: number; title_en: string; title_ar: string }> } }).data.data
    : [];
}
