import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './database';
import type { DatabaseHandle } from './connection';
import { createTestDatabase } from '../../test/support/test-database';

describe('sehha_fold (migration 0000) on the test database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const fold = async (text: string) => (await queryRows<{ f: string }>(handle.db, sql`select sehha_fold(${text}) as f`))[0]!.f;

  it('folds hamza forms, ta marbuta, alef maqsura, diacritics and tatweel, and lower-cases Latin', async () => {
    expect(await fold('أحمد')).toBe(await fold('احمد'));
    expect(await fold('إسلام')).toBe('اسلام');
    expect(await fold('آية')).toBe('ايه');
    expect(await fold('مصطفى')).toBe('مصطفي');
    expect(await fold('مُحَمَّد')).toBe('محمد');
    expect(await fold('محـــمد')).toBe('محمد');
    expect(await fold('فاطمة')).toBe(await fold('فاطمه'));
    expect(await fold('Ahmed MOSTAFA')).toBe('ahmed mostafa');
  });

  it('makes Arabic trigrams (the database ctype is UTF-8)', async () => {
    const [row] = await queryRows<{ n: number }>(handle.db, sql`select array_length(show_trgm(sehha_fold('أحمد محمود')), 1) as n`);
    expect(Number(row!.n)).toBeGreaterThan(4);
  });

  it('answers a folded LIKE search from the trigram index', async () => {
    await handle.db.execute(sql`set enable_seqscan = off`);
    const plan = await queryRows<Record<string, string>>(
      handle.db,
      sql`explain select id from users where search like '%' || sehha_fold('احمد') || '%'`,
    );
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toMatch(/users_search_trgm_idx/);
  });
});
