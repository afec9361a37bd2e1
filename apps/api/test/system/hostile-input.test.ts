import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { png } from '../support/files';
import { homeAds } from '../../src/db/schema/catalogs';

/**
 * Client input must never cause a 5xx: each request below once answered 500 with a stack in the
 * log. Now each is a 4xx in the Laravel shape, in both languages, and the log has no error line.
 */
type ErrorBody = { message: string; errors?: Record<string, string[]> };
type Reply = { status: number; body: ErrorBody };

let t: TestApp;
/** Every log line at error level and above. */
const errorLogs: Array<{ level: number; msg?: string | undefined }> = [];

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'error', stream: { write: (line: string) => void errorLogs.push(JSON.parse(line)) } } });
});
afterAll(() => t.close());
afterEach(() => {
  expect(errorLogs).toEqual([]);
  errorLogs.length = 0;
});

const send = async (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: {
    contentType?: string | undefined;
    payload?: string | Buffer | object | undefined;
    anonymous?: boolean | undefined;
    language?: string | undefined;
  } = {},
): Promise<Reply> => {
  const headers: Record<string, string> = {};
  if (!options.anonymous) headers.authorization = `Bearer ${t.adminToken}`;
  if (options.contentType) headers['content-type'] = options.contentType;
  if (options.language) headers['accept-language'] = options.language;
  const response = await t.app.inject({ method, url, headers, payload: options.payload as string });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return { status: response.statusCode, body: response.json<ErrorBody>() };
};

/** A multipart body of `parts`; `end` false leaves out the closing delimiter. */
const multipartBody = (
  boundary: string,
  parts: Array<{ name: string; value: string | Buffer; filename?: string | undefined }>,
  end = true,
) =>
  Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"\r\nContent-Type: image/png` : ''}\r\n\r\n`,
      ),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(end ? `--${boundary}--\r\n` : ''),
  ]);
const form = (boundary = 'sehha-boundary') => `multipart/form-data; boundary=${boundary}`;

/** Only the first bytes of a PNG: its signature and an IHDR chunk claiming `width`×`height`. */
const pngHeaderClaiming = (width: number, height: number) => {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 2, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
};

describe('malformed multipart bodies answer 400, never 500', () => {
  const field = { name: 'email', value: 'admin@sehha.test' };
  const malformed: Array<[string, string, string | Buffer]> = [
    ['no boundary', 'multipart/form-data', multipartBody('x', [field]).toString()],
    ['an empty boundary', 'multipart/form-data; boundary=', 'hello'],
    ['a body that is not multipart', form(), 'hello'],
    ['the wrong boundary', form('other'), multipartBody('sehha-boundary', [field])],
    ['a truncated part', form(), multipartBody('sehha-boundary', [field], false).subarray(0, 60)],
    ['no closing delimiter', form(), multipartBody('sehha-boundary', [field], false)],
    [
      'a truncated file',
      form(),
      multipartBody('sehha-boundary', [{ name: 'image', value: png(40, 20), filename: 'a.png' }], false).subarray(0, 150),
    ],
  ];
  const routes: Array<[string, string, boolean]> = [
    ['POST', '/api/auth/login', true],
    ['POST', '/api/admin/specialities/store', false],
    ['POST', '/api/admin/home-ads/store', false],
    ['PATCH', '/api/admin/plans/update/1', false],
  ];

  for (const [method, url, anonymous] of routes) {
    it.each(malformed)(`${method} ${url} with %s`, async (_case, contentType, payload) => {
      const reply = await send(method as 'POST', url, { contentType, payload, anonymous });
      expect(reply).toEqual({ status: 400, body: { message: 'The request could not be read.' } });
    });
  }

  it('answers in Arabic', async () => {
    const reply = await send('POST', '/api/auth/login', {
      contentType: 'multipart/form-data',
      payload: 'hello',
      anonymous: true,
      language: 'ar',
    });
    expect(reply).toEqual({ status: 400, body: { message: 'تعذرت قراءة الطلب.' } });
  });

  it('reads a form of no parts as no fields (422 naming them), refuses no body or a part without a name (400), and too many parts (413)', async () => {
    const empty = await send('POST', '/api/auth/login', { contentType: form(), payload: '--sehha-boundary--\r\n', anonymous: true });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors ?? {})).toEqual(['email', 'password']);
    const unreadable = { status: 400, body: { message: 'The request could not be read.' } };
    expect(await send('POST', '/api/auth/login', { contentType: form(), payload: '', anonymous: true })).toEqual(unreadable);
    const unnamed = '--sehha-boundary\r\nContent-Type: text/plain\r\n\r\nadmin@sehha.test\r\n--sehha-boundary--\r\n';
    expect(await send('POST', '/api/auth/login', { contentType: form(), payload: unnamed, anonymous: true })).toEqual(unreadable);
    const parts = Array.from({ length: 300 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const tooMany = await send('POST', '/api/admin/specialities/store', {
      contentType: form(),
      payload: multipartBody('sehha-boundary', parts),
    });
    expect(tooMany).toEqual({ status: 413, body: { message: 'The request is too large.' } });
  });
});

describe('NUL characters and lone surrogates answer 422 naming the field', () => {
  const nulError = { search: ['This text contains a character that is not allowed'] };

  it('in the query of every list (search, pharmacy_name, filters)', async () => {
    const lists = [
      '/api/admin/hospitalies/types',
      '/api/admin/specialities',
      '/api/admin/categories',
      '/api/admin/countries',
      '/api/admin/cities',
      '/api/admin/states',
      '/api/admin/home-ads',
      '/api/admin/providers/doctors',
      '/api/admin/providers/pharmacies',
      '/api/admin/providers/hospitals',
      '/api/admin/providers/medical-centers',
      '/api/admin/providers/companies',
      '/api/admin/licenses',
      '/api/admin/users',
      '/api/admin/users/deactivated',
      '/api/admin/user-subscriptions',
      '/api/admin/providers/ads/1',
      '/api/admin/providers/branches/1',
      '/api/admin/providers/medicines/1',
      '/api/admin/providers/units/1',
      '/api/admin/providers/units/1/1/doctors',
    ];
    for (const list of lists) {
      expect(await send('GET', `${list}?search=a%00b`), list).toEqual({
        status: 422,
        body: { message: nulError.search[0], errors: nulError },
      });
    }
    const prescriptions = await send('GET', '/api/admin/prescription/index?pharmacy_name=%00');
    expect(prescriptions.body.errors).toEqual({ pharmacy_name: nulError.search });
    const ar = await send('GET', '/api/admin/specialities?search=%00', { language: 'ar' });
    expect(ar).toEqual({
      status: 422,
      body: { message: 'يحتوي هذا النص على حرف غير مسموح به', errors: { search: ['يحتوي هذا النص على حرف غير مسموح به'] } },
    });
  });

  it('in JSON and multipart text fields, nested ones included, and in path parameters', async () => {
    const json = await send('POST', '/api/admin/specialities/store', {
      contentType: 'application/json',
      payload: { name_ar: 'تخصص\u0000', name_en: 'Speciality' },
    });
    expect(json.status).toBe(422);
    expect(json.body.errors).toEqual({ name_ar: ['This text contains a character that is not allowed'] });
    const multipart = await send('POST', '/api/admin/plans/store', {
      contentType: form(),
      payload: multipartBody('sehha-boundary', [
        { name: 'name_ar', value: 'ذهبية' },
        { name: 'name_en', value: 'Gold\u0000' },
        { name: 'features[0][title_en]', value: 'Chat\u0000' },
      ]),
    });
    expect(multipart.status).toBe(422);
    expect(multipart.body.errors).toEqual({
      name_en: ['This text contains a character that is not allowed'],
      'features.0.title_en': ['This text contains a character that is not allowed'],
    });
    expect(multipart.body.message).toBe('This text contains a character that is not allowed (and 1 more error)');
    const login = await send('POST', '/api/auth/login', {
      contentType: 'application/json',
      payload: { email: 'a\u0000@b.c', password: 'x' },
      anonymous: true,
    });
    expect(login.body.errors).toEqual({ email: ['This text contains a character that is not allowed'] });
    const path = await send('GET', '/api/admin/specialities/show/1%00');
    expect(path.status).toBe(422);
    expect(path.body.errors).toEqual({ id: ['This text contains a character that is not allowed'] });
  });

  it('refuses a lone UTF-16 surrogate, which UTF-8 cannot store', async () => {
    const reply = await send('POST', '/api/admin/specialities/store', {
      contentType: 'application/json',
      payload: '{"name_ar":"abc\\ud800","name_en":"Speciality"}',
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ name_ar: ['This text contains a character that is not allowed'] });
  });
});

describe('dates the database cannot store answer 422', () => {
  const plan = (available_from: string) => ({
    name_ar: `باقة ${available_from}`,
    name_en: `Plan ${available_from}`,
    price: 10,
    period_unit: 'months',
    period_length: 1,
    available_from,
    features: [{ title_ar: 'محادثة', title_en: 'Chat' }],
  });

  it.each(['0000-01-01', '0000-02-29', '2023-02-29', '2024-13-01', '10000-01-01', '-0001-01-01'])('available_from %s', async (date) => {
    const reply = await send('POST', '/api/admin/plans/store', { contentType: 'application/json', payload: plan(date) });
    expect(reply).toEqual({ status: 422, body: { message: 'Enter a valid date', errors: { available_from: ['Enter a valid date'] } } });
    const ar = await send('POST', '/api/admin/plans/store', { contentType: 'application/json', payload: plan(date), language: 'ar' });
    expect(ar.body.errors).toEqual({ available_from: ['أدخل تاريخًا صحيحًا'] });
  });

  it('accepts the first and last days the column stores', async () => {
    for (const date of ['0001-01-01', '9999-12-31', '2024-02-29']) {
      const reply = await send('POST', '/api/admin/plans/store', { contentType: 'application/json', payload: plan(date) });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    }
  });
});

describe('bracket names nested deeper than 64 levels answer 400', () => {
  const deepName = (depth: number) => `name_ar${'[x]'.repeat(depth)}`;

  it('refuses thousands of nested brackets without overflowing the stack', async () => {
    for (const depth of [65, 8000]) {
      const reply = await send('POST', '/api/admin/specialities/store', {
        contentType: form(),
        payload: multipartBody('sehha-boundary', [{ name: deepName(depth), value: 'x' }]),
      });
      expect(reply).toEqual({ status: 400, body: { message: 'The request is nested too deeply.' } });
    }
    const ar = await send('POST', '/api/auth/login', {
      contentType: form(),
      payload: multipartBody('sehha-boundary', [{ name: deepName(8000), value: 'x' }]),
      anonymous: true,
      language: 'ar',
    });
    expect(ar).toEqual({ status: 400, body: { message: 'الطلب متداخل بعمق أكبر من المسموح.' } });
  });

  it('reads 64 levels as any other unknown field', async () => {
    const reply = await send('POST', '/api/admin/specialities/store', {
      contentType: form(),
      payload: multipartBody('sehha-boundary', [
        { name: deepName(64), value: 'x' },
        { name: 'name_en', value: 'Cardiology' },
      ]),
    });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors ?? {})).toEqual(['name_ar']);
  });

  it('refuses JSON nested deeper than a form can be', async () => {
    const deep = `{"name_ar":${'['.repeat(5000)}${']'.repeat(5000)},"name_en":"Cardiology"}`;
    const reply = await send('POST', '/api/admin/specialities/store', { contentType: 'application/json', payload: deep });
    expect(reply).toEqual({ status: 400, body: { message: 'The request is nested too deeply.' } });
  });
});

describe('images whose header claims too many pixels answer 422 on the field', () => {
  const upload = (url: string, field: string, image: Buffer, extra: Array<{ name: string; value: string }> = [], language?: string) =>
    send('POST', url, {
      contentType: form(),
      payload: multipartBody('sehha-boundary', [...extra, { name: field, value: image, filename: 'a.png' }]),
      language,
    });

  it.each([
    [60000, 30000],
    [10001, 10],
    [9000, 5000],
  ])('a home ad claiming %i×%i', async (width, height) => {
    const reply = await upload('/api/admin/home-ads/store', 'image', pngHeaderClaiming(width, height));
    expect(reply).toEqual({
      status: 422,
      body: {
        message: 'The image must be at most 10000 × 10000 pixels and 40 megapixels',
        errors: { image: ['The image must be at most 10000 × 10000 pixels and 40 megapixels'] },
      },
    });
  });

  it('a country flag, in Arabic', async () => {
    const fields = [
      { name: 'name_ar', value: 'مصر' },
      { name: 'name_en', value: 'Egypt' },
      { name: 'mobile_prefix', value: '+20' },
    ];
    const reply = await upload('/api/admin/countries/store', 'flag', pngHeaderClaiming(20000, 20000), fields, 'ar');
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ flag: ['يجب ألا تتجاوز أبعاد الصورة ١٠٬٠٠٠ × ١٠٬٠٠٠ بكسل و٤٠ ميجابكسل'] });
  });

  it('still accepts a real horizontal image', async () => {
    expect((await upload('/api/admin/home-ads/store', 'image', png(200, 100))).status).toBe(201);
  });
});

describe('an image must decode as the image it claims', () => {
  const upload = (image: Buffer, language?: string) =>
    send('POST', '/api/admin/home-ads/store', {
      contentType: form(),
      payload: multipartBody('sehha-boundary', [{ name: 'image', value: image, filename: 'a.png' }]),
      language,
    });
  const damaged = {
    message: 'The image is damaged or incomplete: it cannot be shown',
    errors: { image: ['The image is damaged or incomplete: it cannot be shown'] },
  };
  const whole = png(200, 100);

  it.each([
    ['a 33-byte PNG header without image data', pngHeaderClaiming(200, 100)],
    ['a PNG cut in its pixel data', whole.subarray(0, whole.length - 30)],
    ['a PNG whose pixel data is garbage', Buffer.concat([whole.subarray(0, 41), Buffer.alloc(whole.length - 41, 0xaa)])],
  ])('refuses %s (422 on the field), storing nothing', async (_, image) => {
    const before = await t.db.select().from(homeAds);
    expect(await upload(image)).toEqual({ status: 422, body: damaged });
    expect(await t.db.select().from(homeAds)).toHaveLength(before.length);
  });

  it('says so in Arabic', async () => {
    expect((await upload(pngHeaderClaiming(200, 100), 'ar')).body.errors).toEqual({ image: ['الصورة تالفة أو ناقصة، ولا يمكن عرضها'] });
  });
});

describe('numbers out of range answer 422 with one message', () => {
  it.each([
    ['GET', '/api/admin/specialities/show/99999999999999999999', 'id'],
    ['GET', '/api/admin/specialities?page=1e300', 'page'],
    ['GET', '/api/admin/specialities?per_page=-99999999999999999999', 'per_page'],
    ['GET', '/api/admin/cities?country_id=1e400', 'country_id'],
  ])('%s %s', async (method, url, field) => {
    const reply = await send(method as 'GET', url);
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors ?? {})).toEqual([field]);
    expect(reply.body.errors?.[field]).toHaveLength(1);
  });

  it('a city under a country id beyond any row', async () => {
    const reply = await send('POST', '/api/admin/cities/store', {
      contentType: 'application/json',
      payload: { name_ar: 'مدينة', name_en: 'City', country_id: 1e300 },
    });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors ?? {})).toEqual(['country_id']);
  });
});
