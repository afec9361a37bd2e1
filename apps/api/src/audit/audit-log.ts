import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { auditLogs } from '../db/schema/audit';

export type AuditEntry = {
  /** The admin who acted; null for a sign-in attempt nobody is known for (the attempted email is in `after`). */
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null | undefined;
  before?: unknown | undefined;
  after?: unknown | undefined;
};

/** Must be called with the transaction that makes the change, so both land or neither does. */
export async function recordAudit(tx: Database, entry: AuditEntry) {
  await tx.insert(auditLogs).values({
    actor_id: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * The audit rows of a change written by the same statement, as a data-modifying CTE's body: `rows` names an earlier
 * CTE of the changed rows (their `id`), so that the change and its audit are one atomic round trip (a booking's).
 */
export const auditRowsOf = (rows: SQL, entry: Omit<AuditEntry, 'entityId'>): SQL =>
  sql`insert into ${auditLogs} (actor_id, action, entity, entity_id, before, after)
      select ${entry.actorId}, ${entry.action}, ${entry.entity}, ${rows}.id::text, ${jsonOf(entry.before)}::jsonb, ${jsonOf(entry.after)}::jsonb from ${rows}`;

const jsonOf = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Runs a change and its audit row in one transaction. */
export function audited<T>(
  db: Database,
  actorId: number,
  change: (tx: Database) => Promise<{ result: T; audit: Omit<AuditEntry, 'actorId'> }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, audit } = await change(tx);
    await recordAudit(tx, { ...audit, actorId });
    return result;
  });
}
