import { expect, type APIRequestContext } from '@playwright/test';
import { baseURL } from './env';
import type { Session } from './session';

export type CreatedType = { id: number; name_ar: string; name_en: string; medical_under_instituted: boolean; is_active: boolean };

/** Creates a type through the API, as the dashboard does (multipart, booleans as 1/0). */
export async function createType(
  request: APIRequestContext,
  session: Session,
  values: { name_ar: string; name_en: string; medical_under_instituted?: boolean },
): Promise<CreatedType> {
  const response = await request.post(`${baseURL}/api/admin/hospitalies/types/store`, {
    headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
    multipart: { name_ar: values.name_ar, name_en: values.name_en, medical_under_instituted: values.medical_under_instituted ? '1' : '0' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: CreatedType }).data;
}
