import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { homeAds } from '../../db/schema/catalogs';
import { countOf, withTotal } from '../../db/totals';
import { selectPage } from '../../db/paging';
import { toIsoRequired } from '../../db/dates';

const columns = {
  id: homeAds.id,
  image: homeAds.image,
  title: homeAds.title,
  link: homeAds.link,
  sort_order: homeAds.sort_order,
  is_active: homeAds.is_active,
  created_at: homeAds.created_at,
  updated_at: homeAds.updated_at,
};
const present = <T extends { created_at: string; updated_at: string }>(row: T) => ({
  ...row,
  created_at: toIsoRequired(row.created_at),
  updated_at: toIsoRequired(row.updated_at),
});

export const homeAdRepository = {
  /** Latest first (the reverse of the home page's order, index home_ads_sort_idx), so a new ad shows on page 1. */
  page(db: Database, query: { page: number; perPage: number }) {
    const total = countOf(db, homeAds, undefined);
    const rows = db.select(withTotal(columns, total)).from(homeAds).orderBy(desc(homeAds.sort_order), desc(homeAds.id)).$dynamic();
    return selectPage(db, rows, query, { shape: ['home_ads', query], present, total });
  },
  find(db: Database, id: number, lock = false) {
    const query = db.select(columns).from(homeAds).where(eq(homeAds.id, id));
    return (lock ? query.for('update') : query).then((rows) => (rows[0] ? present(rows[0]) : undefined));
  },
  /** A new ad goes after the others. */
  insert: (db: Database, image: string) =>
    db
      .insert(homeAds)
      .values({ image, sort_order: sql`(select coalesce(max(${homeAds.sort_order}), 0) + 1 from ${homeAds})` })
      .returning(columns)
      .then((rows) => present(rows[0]!)),
  update: (db: Database, id: number, image: string) =>
    db
      .update(homeAds)
      .set({ image, updated_at: sql`now()` })
      .where(eq(homeAds.id, id))
      .returning(columns)
      .then((rows) => present(rows[0]!)),
  remove: (db: Database, id: number) => db.delete(homeAds).where(eq(homeAds.id, id)),
};
