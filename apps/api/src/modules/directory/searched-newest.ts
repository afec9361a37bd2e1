import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { matchesSearch } from '../../db/search';
import { qualified as q } from '../../db/sql';
import { providers } from '../../db/schema/providers';

/**
 * `search` holds the folded term, as matchesSearch (db/search.ts) asks it, but as a filter its trigram index
 * cannot answer, so that the planner walks the kind's listed (kind, id) index newest first.
 */
const containsFolded = (term: string) => sql`strpos(${q(providers.search)}, sehha_fold(${term})) > 0`;

/**
 * A directory search, newest first, as the FROM of the list's select (the matches under the table's own name, so
 * that the list's columns select from them; read its own columns with `fromMatches`). The kind's trigram index
 * finds a rare term's few matches, which are sorted; but for a word many of the kind's names hold ("pharmacy"
 * among pharmacies, "احمد" among doctors) it gave every match to fetch and sort (docs/performance/api.md). So
 * the kind's newest listed rows are walked first, `walk` times as many as the page needs (`walked`, which stops as
 * soon as it holds the page's rows): a common term fills the page there. Only when it does not are the trigram
 * index's matches read and sorted (`matched`); the database reads only the branch whose one-time condition holds.
 * The plan is thus the same for every term, and can be kept (page-cache.ts `prepared`). `fields` are the
 * providers columns the list's columns read.
 */
export function newestMatches(options: { listed: SQL; term: string; needed: number; walk: number; fields: AnyPgColumn[] }): SQL {
  const { listed, term, needed } = options;
  const fields = sql.join(
    options.fields.map((column) => q(column)),
    sql`, `,
  );
  const { search, licensed_until } = providers;
  const newest = sql`select ${fields}, ${q(search)}, ${q(licensed_until)} from ${providers} where ${listed}
    order by ${q(providers.id)} desc limit ${needed * options.walk}`;
  const found = sql`(select count(*) from walked) >= ${needed}`;
  const union = sql`with walked as materialized (select ${fields} from (${newest}) as ${providers} where ${containsFolded(term)} limit ${needed}),
    matched as materialized (select ${fields} from ${providers} where ${listed} and ${matchesSearch(search, term)})
    (select * from walked where ${found}) union all (select * from matched where not ${found})`;
  return sql`(${union}) as ${providers}`;
}

/**
 * A providers column of newestMatches' rows, decoded as the column (ids are int8): Drizzle refuses a column of
 * a table that the statement's FROM does not name.
 */
export const fromMatches = <T>(column: AnyPgColumn) => sql`${q(column)}`.mapWith((value: unknown) => column.mapFromDriverValue(value) as T);
