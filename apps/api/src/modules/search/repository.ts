import { sql, type SQL } from 'drizzle-orm';
import { globalSearchPerKind, type GlobalSearchHit, type GlobalSearchKind } from '@sehha/contract/search';
import { providerKinds, type ProviderKind } from '@sehha/contract/status-codes';
import { queryRows, type Database } from '../../db/connection';
import { matchesSearch } from '../../db/paged';

type HitRow = Omit<GlobalSearchHit, 'id' | 'user_id'> & { id: number | string; user_id: number | string };

/**
 * The first matches of one provider kind: its profile (names, address) or its account (name, email, phone)
 * matching, each side through its own trigram index (as the directory's search does, without one OR over
 * both), listed providers only (active accounts).
 */
const providerHits = (kind: ProviderKind, term: string): SQL => sql`
  (select p.id, p.kind as kind, u.id as user_id, u.name, p.name_ar, p.name_en, u.email, u.phone
   from providers p join users u on u.id = p.user_id
   where p.account_active and p.id in (
     select m.id from providers m where m.kind = ${kind} and ${matchesSearch(sql`m.search`, term)}
     union
     select m.id from providers m where m.user_id in (select a.id from users a where a.role = ${kind} and ${matchesSearch(sql`a.search`, term)})
   )
   limit ${globalSearchPerKind})`;

/** The first matches among active ordinary users (name, email, phone). */
const userHits = (term: string): SQL => sql`
  (select u.id, 'user' as kind, u.id as user_id, u.name, null as name_ar, null as name_en, u.email, u.phone
   from users u where u.role = 'user' and u.is_active and ${matchesSearch(sql`u.search`, term)}
   limit ${globalSearchPerKind})`;

export const globalSearchRepository = {
  /**
   * Up to `globalSearchPerKind` hits of every kind in one round trip. No ORDER BY inside a kind: sorting
   * would read every match of a common name (tens of thousands at national scale) to keep five; the
   * planner may then stop at the first five. The service orders the few hits it gets.
   */
  async search(db: Database, term: string): Promise<GlobalSearchHit[]> {
    const parts = [...providerKinds.map((kind) => providerHits(kind, term)), userHits(term)];
    const rows = await queryRows<HitRow>(db, sql.join(parts, sql` union all `));
    return rows.map((row) => ({ ...row, kind: row.kind as GlobalSearchKind, id: Number(row.id), user_id: Number(row.user_id) }));
  },
};
