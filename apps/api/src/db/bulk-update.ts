import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from './database';
import { auditLogs } from './schema/audit';
import { accessTokens } from './schema/accounts';

/**
 * One bulk change of a list, its audit rows and its side effects in ONE statement (the shared mechanism
 * of every list's bulk actions): `changed` is the list's data-modifying statement (an UPDATE … RETURNING),
 * which must answer, per row it changed, `entity_id` (text), `before` and `after` (jsonb) and, when
 * `revokeTokensOf` is set, `user_id`. An INSERT … SELECT writes one audit row per changed row, so "all
 * matching" over 58k rows costs no round trip per row and every row is on record. Must run inside the
 * caller's transaction; answers the changed rows' entity ids (for the caller's per-row follow-ups).
 */
export async function bulkUpdateAudited(
  db: Database,
  spec: {
    actorId: number;
    action: string;
    entity: string;
    /** `update … set … where … returning … as entity_id, … as before, … as after[, … as user_id]` */
    changed: SQL;
    /** Deactivations revoke every token of the changed accounts, as the single deactivation does. */
    revokeTokensOf?: boolean | undefined;
  },
): Promise<string[]> {
  const revoked = spec.revokeTokensOf
    ? sql`, revoked as (delete from ${accessTokens} where ${accessTokens.user_id} in (select user_id from changed) returning 1)`
    : sql``;
  const rows = await queryRows<{ entity_id: string }>(
    db,
    sql`with changed as (${spec.changed}), logged as (
      insert into ${auditLogs} (actor_id, action, entity, entity_id, before, after)
      select ${spec.actorId}, ${spec.action}, ${spec.entity}, changed.entity_id, changed.before, changed.after
      from changed
      returning entity_id
    )${revoked}
    select entity_id from logged`,
  );
  return rows.map((row) => row.entity_id);
}

/**
 * `column = any($1)`: a set of ids as ONE array parameter, so 1000 selected ids (or the thousands a
 * filter found) never meet the protocol's 65,535-parameter limit.
 */
export const idIn = (column: AnyColumn | SQL, ids: readonly number[]) => sql`${column} = any(${`{${ids.join(',')}}`}::bigint[])`;
