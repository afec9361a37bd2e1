import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { queryRows } from '../../../src/db/database';
import { seedDemoData } from '../../../src/seed/seed-demo-data';
import { createTestApp, type TestApp } from '../../support/test-app';

type LogLine = { msg: string; to?: string; text?: string };

/** The demo's patients and providers sign in to the app with their seeded phones; the log driver writes the code to the server log. */
describe('app sign-in with the demo data', () => {
  let t: TestApp;
  const logs: LogLine[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: 'info', stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) } },
    });
    await seedDemoData(t.db, t.storage);
  }, 180_000);
  afterAll(() => t.close());

  it('signs a seeded patient and a seeded doctor in to their own accounts, with the code read from the log', async () => {
    const seeded = await queryRows<{ id: number; phone: string; role: string }>(
      t.db,
      sql`select distinct on (role) id::int, phone, role from users
          where role in ('user', 'doctor') and is_active and phone ~ '^\\+201[0125][0-9]{8}$'
            and (select count(*) from users same where same.phone = users.phone) = 1
          order by role, id`,
    );
    expect(seeded.map((account) => account.role)).toEqual(['doctor', 'user']);
    for (const account of seeded) {
      expect((await t.call(appPaths.otp, { method: 'POST', token: null, json: { phone: account.phone } })).status).toBe(200);
      await expect.poll(() => logs.some((entry) => entry.msg === 'outbox message' && entry.to === account.phone)).toBe(true);
      const text = logs.find((entry) => entry.msg === 'outbox message' && entry.to === account.phone)!.text!;
      const code = /\d{6}/.exec(text)![0];
      const verified = await t.call(appPaths.verify, { method: 'POST', token: null, json: { phone: account.phone, code } });
      expect(verified.status, account.role).toBe(200);
      const { data } = (await verified.json()) as { data: { user: { id: number; role: string } } };
      expect(data.user).toMatchObject({ id: account.id, role: account.role });
    }
  });
});
