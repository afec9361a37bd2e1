import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { institutionTypes } from '../../db/schema/catalogs';
import { providers } from '../../db/schema/providers';
import { fetchPage, matchesSearch, toIsoRequired } from '../../db/paged';

const columns = {
  id: institutionTypes.id,
  name_ar: institutionTypes.name_ar,
  name_en: institutionTypes.name_en,
  medical_under_instituted: institutionTypes.medical_under_instituted,
  is_active: institutionTypes.is_active,
  created_at: institutionTypes.created_at,
  updated_at: institutionTypes.updated_at,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };
export type InstitutionTypeValues = { name_ar: string; name_en: string; medical_under_instituted: boolean };

const present = (row: Row) => ({ ...row, created_at: toIsoRequired(row.created_at), updated_at: toIsoRequired(row.updated_at) });

export const institutionTypeRepository = {
  page(db: Database, query: { page: number; perPage: number; search?: string }) {
    const where = and(matchesSearch(institutionTypes.search, query.search));
    return fetchPage({
      page: query.page,
      perPage: query.perPage,
      rows: (limit, offset) =>
        db.select(columns).from(institutionTypes).where(where).orderBy(desc(institutionTypes.id)).limit(limit).offset(offset).then((rows) => rows.map(present)),
      count: () => db.select({ total: count() }).from(institutionTypes).where(where).then((rows) => rows[0]?.total ?? 0),
    });
  },

  find(db: Database, id: number, lock = false) {
    const query = db.select(columns).from(institutionTypes).where(eq(institutionTypes.id, id));
    return (lock ? query.for('update') : query).then((rows) => (rows[0] ? present(rows[0]) : undefined));
  },

  insert(db: Database, values: InstitutionTypeValues) {
    return db.insert(institutionTypes).values(values).returning(columns).then((rows) => present(rows[0]!));
  },

  update(db: Database, id: number, values: Partial<InstitutionTypeValues & { is_active: boolean }>) {
    return db
      .update(institutionTypes)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(institutionTypes.id, id))
      .returning(columns)
      .then((rows) => present(rows[0]!));
  },

  remove(db: Database, id: number) {
    return db.delete(institutionTypes).where(eq(institutionTypes.id, id));
  },

  countInstitutionsOfType(db: Database, id: number) {
    return db.select({ total: count() }).from(providers).where(eq(providers.institution_type_id, id)).then((rows) => rows[0]?.total ?? 0);
  },
};

export type InstitutionTypeRecord = NonNullable<Awaited<ReturnType<typeof institutionTypeRepository.find>>>;
