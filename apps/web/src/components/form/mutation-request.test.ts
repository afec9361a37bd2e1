import { describe, expect, it } from 'vitest';
import { buildMutationRequest } from './mutation-request';
import { toFormData, toJsonBody } from '../../lib/form-data';

const entries = (body: unknown) =>
  [...(body as FormData).entries()].map(([key, value]) => [key, value instanceof File ? `file:${value.name}` : value]);

describe('mutation encoding', () => {
  it('creates send multipart with booleans as 1/0', () => {
    const { path, init } = buildMutationRequest({
      path: '/api/admin/hospitalies/types/store',
      body: { name_ar: 'مستشفى', name_en: 'Hospital', medical_under_instituted: true },
    });
    expect(path).toBe('/api/admin/hospitalies/types/store');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect(entries(init.body)).toEqual([
      ['name_ar', 'مستشفى'],
      ['name_en', 'Hospital'],
      ['medical_under_instituted', '1'],
    ]);
  });

  it('updates go through POST with _method', () => {
    const { init } = buildMutationRequest({
      path: '/api/admin/hospitalies/types/update/3',
      body: { name_ar: 'عيادة', name_en: 'Clinic', medical_under_instituted: false },
      methodOverride: 'Patch',
    });
    expect(init.method).toBe('POST');
    expect(entries(init.body)).toEqual([
      ['name_ar', 'عيادة'],
      ['name_en', 'Clinic'],
      ['medical_under_instituted', '0'],
      ['_method', 'Patch'],
    ]);
  });

  it('sends files as parts, arrays as key[], and skips empty values', () => {
    const flag = new File(['png'], 'flag.png', { type: 'image/png' });
    const form = toFormData({ image: flag, features: ['a', 'b'], note: null, missing: undefined, price: 12.5 });
    expect(entries(form)).toEqual([
      ['image', 'file:flag.png'],
      ['features[]', 'a'],
      ['features[]', 'b'],
      ['price', '12.5'],
    ]);
  });

  it('JSON calls keep the 1/0 convention', () => {
    const { init } = buildMutationRequest({ path: '/status/1', method: 'PATCH', encoding: 'json', body: { is_active: false } });
    expect(init).toEqual({ method: 'PATCH', body: { is_active: 0 } });
    expect(toJsonBody({ a: true, b: undefined, c: 'x' })).toEqual({ a: 1, c: 'x' });
  });

  it('deletes have no body', () => {
    expect(buildMutationRequest({ path: '/delete/1', method: 'DELETE' }).init).toEqual({ method: 'DELETE' });
  });
});
