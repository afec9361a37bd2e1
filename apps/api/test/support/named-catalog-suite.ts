import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

type Item = { id: number; name_ar: string; name_en: string };
type ItemBody = { message?: string | undefined; data: Item };
type ListBody = {
  data: {
    data: Item[];
    current_page: number;
    last_page: number;
    total: number;
    next_page_url: string | null;
    prev_page_url: string | null;
  };
};
type ErrorBody = { message: string; errors?: Record<string, string[]> };

export type NamedCatalogSuite = {
  title: string;
  base: string;
  messages: { added: string; updated: string; deleted: string; notFound: string };
  /** Makes the entry with this id in use elsewhere and returns the expected refusal message pattern. */
  useIt: (t: TestApp, id: number) => Promise<RegExp>;
};

/** Every endpoint of a bilingual-name catalog (list, show, store, update, delete): happy path, validation, auth, not found. */
export function describeNamedCatalog(suite: NamedCatalogSuite) {
  describe(suite.title, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    const store = (form: Record<string, string>, headers?: Record<string, string>) =>
      t.call(`${suite.base}/store`, { method: 'POST', form, headers });
    const created = async (name_ar: string, name_en: string) => {
      const response = await store({ name_ar, name_en });
      expect(response.status).toBe(201);
      return ((await response.json()) as ItemBody).data;
    };
    const list = async (query: string) => (await (await t.call(`${suite.base}?${query}`)).json()) as ListBody;

    it('creates from multipart with trimmed names and the spec message', async () => {
      const response = await store({ name_ar: '  اسم عربي  ', name_en: '  English name ' });
      expect(response.status).toBe(201);
      const body = (await response.json()) as ItemBody;
      expect(body.message).toBe(suite.messages.added);
      expect(body.data).toMatchObject({ name_ar: 'اسم عربي', name_en: 'English name' });
      const arabic = await store({ name_ar: 'اسم ثان', name_en: 'Second name' }, { 'accept-language': 'ar' });
      expect(((await arabic.json()) as ItemBody).message).not.toBe(suite.messages.added);
    });

    it('validates names in the request language', async () => {
      const response = await store({ name_ar: 'ا', name_en: '   ' });
      expect(response.status).toBe(422);
      expect(((await response.json()) as ErrorBody).errors).toEqual({
        name_ar: ['Arabic name is required'],
        name_en: ['English name is required'],
      });
      const arabic = await t.call(`${suite.base}/store`, { method: 'POST', json: {}, headers: { 'accept-language': 'ar' } });
      expect(((await arabic.json()) as ErrorBody).errors).toEqual({
        name_ar: ['الاسم بالعربية مطلوب'],
        name_en: ['الاسم بالإنجليزية مطلوب'],
      });
      const long = await store({ name_ar: 'ا'.repeat(256), name_en: 'Fine name' });
      expect(((await long.json()) as ErrorBody).errors).toEqual({ name_ar: ['Must be at most 255 characters'] });
    });

    it('refuses a duplicate name (English case-insensitively) on its field', async () => {
      await created('اسم مكرر', 'Duplicate Name');
      const english = await store({ name_ar: 'اسم آخر', name_en: 'duplicate name' });
      expect(english.status).toBe(422);
      expect(((await english.json()) as ErrorBody).errors).toEqual({ name_en: ['This name is already in use'] });
      const arabic = await store({ name_ar: 'اسم مكرر', name_en: 'Another' }, { 'accept-language': 'ar' });
      expect(((await arabic.json()) as ErrorBody).errors).toEqual({ name_ar: ['هذا الاسم مستخدم بالفعل'] });
    });

    it('shows one by id and answers 404 / 422 for missing and bad ids', async () => {
      const item = await created('للعرض', 'To show');
      const shown = await t.call(`${suite.base}/show/${item.id}`);
      expect(((await shown.json()) as ItemBody).data).toMatchObject(item);
      const missing = await t.call(`${suite.base}/show/999999`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as ErrorBody).message).toBe(suite.messages.notFound);
      expect((await t.call(`${suite.base}/show/abc`)).status).toBe(422);
    });

    it('updates with POST + _method Patch, refusing a name taken by another', async () => {
      const item = await created('قبل التعديل', 'Before edit');
      const response = await t.call(`${suite.base}/update/${item.id}`, {
        method: 'POST',
        form: { name_ar: 'بعد التعديل', name_en: 'After edit', _method: 'Patch' },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as ItemBody;
      expect(body.message).toBe(suite.messages.updated);
      expect(body.data).toMatchObject({ id: item.id, name_ar: 'بعد التعديل', name_en: 'After edit' });
      await created('اسم محجوز', 'Reserved');
      const taken = await t.call(`${suite.base}/update/${item.id}`, {
        method: 'PATCH',
        json: { name_ar: 'بعد التعديل', name_en: 'RESERVED' },
      });
      expect(((await taken.json()) as ErrorBody).errors).toEqual({ name_en: ['This name is already in use'] });
      const missing = await t.call(`${suite.base}/update/999999`, { method: 'PATCH', json: { name_ar: 'اسم', name_en: 'Name' } });
      expect(missing.status).toBe(404);
    });

    it('lists newest first with search (folded Arabic, any-case English) and paging', async () => {
      for (let i = 1; i <= 12; i++) await created(`صفحة إختبار ${i}`, `Paging Probe ${String(i).padStart(2, '0')}`);
      const first = await list('search=paging%20PROBE');
      expect(first.data.total).toBe(12);
      expect(first.data.data).toHaveLength(10);
      expect(first.data.data[0]!.name_en).toBe('Paging Probe 12');
      expect(first.data.prev_page_url).toBeNull();
      expect(first.data.next_page_url).toContain('page=2');
      const second = await list('search=paging%20probe&page=2');
      expect(second.data.data.map((r) => r.name_en)).toEqual(['Paging Probe 02', 'Paging Probe 01']);
      expect(second.data.next_page_url).toBeNull();
      expect((await list(`search=${encodeURIComponent('اختبار 7')}`)).data.data.map((r) => r.name_en)).toEqual(['Paging Probe 07']);
      expect((await t.call(`${suite.base}?per_page=500`)).status).toBe(422);
    });

    it('deletes, and refuses while the entry is in use', async () => {
      const item = await created('للحذف', 'To delete');
      const deleted = await t.call(`${suite.base}/delete/${item.id}`, { method: 'DELETE' });
      expect(await deleted.json()).toEqual({ message: suite.messages.deleted });
      expect((await t.call(`${suite.base}/delete/${item.id}`, { method: 'POST', form: { _method: 'DELETE' } })).status).toBe(404);

      const used = await created('مستخدم', 'In use');
      const expected = await suite.useIt(t, used.id);
      const refused = await t.call(`${suite.base}/delete/${used.id}`, { method: 'DELETE' });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as ErrorBody).message).toMatch(expected);
      expect((await t.call(`${suite.base}/show/${used.id}`)).status).toBe(200);
    });

    it('requires an admin token on every endpoint', async () => {
      const calls: Array<[string, string]> = [
        ['GET', suite.base],
        ['GET', `${suite.base}/show/1`],
        ['POST', `${suite.base}/store`],
        ['PATCH', `${suite.base}/update/1`],
        ['DELETE', `${suite.base}/delete/1`],
      ];
      for (const [method, path] of calls) {
        const response = await t.call(path, { method, token: null });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
      }
    });
  });
}
