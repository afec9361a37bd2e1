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
