import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { queryRows } from '../../../src/db/database';
import { createTestApp, type TestApp } from '../../support/test-app';
import { freshPhone, lastCode, signUpConsents } from '../../support/app-accounts';

/** Parallel requests over a real socket: the limits and the single use hold exactly when requests race. */
describe('app sign-in under parallel requests', () => {
  let t: TestApp;
  const post = (path: string, json: unknown, address: string) =>
    t.call(path, { method: 'POST', token: null, headers: { 'x-forwarded-for': address }, json });
  const statuses = async (responses: Array<Promise<Response>>) => {
    const answered = await Promise.all(responses);
    await Promise.all(answered.map((response) => response.text()));
    return answered.map((response) => response.status).sort();
  };

  beforeAll(async () => {
    t = await createTestApp({ listen: true, trustProxy: true, otp: { maxPerNumber: 5, maxPerAddress: 4, maxPerPrefix: 100 } });
  });
  afterAll(() => t.close());

  it('sends one code when 20 requests for one number race', async () => {
    const phone = freshPhone();
    const answers = await statuses(Array.from({ length: 20 }, (_, i) => post(appPaths.otp, { phone }, `203.0.113.${i + 1}`)));
    expect(answers.filter((status) => status === 200)).toHaveLength(1);
    expect(answers.filter((status) => status === 429)).toHaveLength(19);
    const [sent] = await queryRows<{ count: number }>(t.db, sql`select count(*)::int as count from otp_codes where phone = ${phone}`);
    expect(sent!.count).toBe(1);
  });

  it('sends exactly the per-address limit when 12 numbers race from one address', async () => {
    const answers = await statuses(Array.from({ length: 12 }, () => post(appPaths.otp, { phone: freshPhone() }, '203.0.113.200')));
    expect(answers.filter((status) => status === 200)).toHaveLength(4);
    expect(answers.filter((status) => status === 429)).toHaveLength(8);
  });

  it('signs in once when the right code races against itself', async () => {
    const phone = freshPhone();
    await post(appPaths.otp, { phone }, '203.0.113.201');
    const code = await lastCode(t, phone);
    const answers = await statuses(
      Array.from({ length: 10 }, () => post(appPaths.verify, { phone, code, consents: signUpConsents() }, '203.0.113.201')),
    );
    expect(answers.filter((status) => status === 200)).toHaveLength(1);
    expect(answers.filter((status) => status === 422)).toHaveLength(9);
    const [accounts] = await queryRows<{ count: number }>(t.db, sql`select count(*)::int as count from users where phone = ${phone}`);
    expect(accounts!.count).toBe(1);
  });
});
