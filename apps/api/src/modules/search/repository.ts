import { sql, type SQL } from 'drizzle-orm';
import { globalSearchPerKind, type GlobalSearchHit, type GlobalSearchKind } from '@sehha/contract/search';
import { providerKinds, type ProviderKind } from '@sehha/contract/status-codes';
import type { Database } from '../../db/database';
import { cachedQueryRows } from '../../db/page-cache';
import { matchesSearch } from '../../db/search';

type HitRow = Omit<GlobalSearchHit, 'id' | 'user_id'> & { id: number | string; user_id: number | string };

/**
 * The newest matches of one provider kind: its profile (names, address) or its account (name, email, phone)
 * matching, listed providers only (active accounts). The profile side is its kind's newest-first index walked
 * until `globalSearchPerKind` rows match (a common term stops within a few dozen rows), or, for a rare term,
 * its trigram index's few matches sorted: the planner weighs the two by the term's estimated frequency.
 * Without an order it preferred a sequential scan of the whole table that stops at the fifth match, which
 * reads every doctor before the first pharmacy (figures: docs/performance/api.md). The account side
 * reads its matches from the provider accounts' own trigram index, materialized so that no LIMIT above
 * turns it into a walk of every account of the kind (the users' statistics describe a million ordinary
 * names, not the providers'). Only the few ids found are joined.
 */
const providerHits = (kind: ProviderKind, term: string): SQL => sql`
  (select p.id, p.kind as kind, u.id as user_id, u.name, p.name_ar, p.name_en, u.email, u.phone
   from (
     (select m.id from providers m
      where m.kind = ${kind} and m.account_active and ${matchesSearch(sql`m.search`, term)}
      order by m.created_at desc, m.id desc limit ${globalSearchPerKind})
     union
     (with account as materialized (select a.id from users a where a.role = ${kind} and ${matchesSearch(sql`a.search`, term)})
      select m.id from providers m where m.account_active and m.user_id in (select id from account) limit ${globalSearchPerKind})
     limit ${globalSearchPerKind}
   ) hit
   join providers p on p.id = hit.id join users u on u.id = p.user_id)`;

/** The newest matches among active ordinary users (name, email, phone), by the same two ways. */
const userHits = (term: string): SQL => sql`
  (select u.id, 'user' as kind, u.id as user_id, u.name, null as name_ar, null as name_en, u.email, u.phone
   from users u where u.role = 'user' and u.is_active and ${matchesSearch(sql`u.search`, term)}
   order by u.created_at desc, u.id desc limit ${globalSearchPerKind})`;

export const globalSearchRepository = {
  /**
   * Up to `globalSearchPerKind` hits of every kind in one round trip; the service orders the few hits it
   * gets by name.
   */
  async search(db: Database, term: string): Promise<GlobalSearchHit[]> {
    // Kept while providers and users are unchanged: the palette asks the same few letters again and again.
    const rows = await cachedQueryRows<HitRow>(db, ['search', term], () =>
      sql.join([...providerKinds.map((kind) => providerHits(kind, term)), userHits(term)], sql` union all `),
    );
    return rows.map((row) => ({ ...row, kind: row.kind as GlobalSearchKind, id: Number(row.id), user_id: Number(row.user_id) }));
  },
};
