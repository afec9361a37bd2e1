import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { undoWindowSeconds } from '@sehha/contract/providers';
import { undoMessages } from '@sehha/contract/messages';
import type { Message } from '../i18n/messages';
import type { Database } from '../db/database';
import { auditLogs } from '../db/schema/audit';
import { HttpError, notFound } from '../http/errors';
import { outboxRepository } from '../outbox/outbox-repository';
import { audited } from './audit-log';

/** A decision as its audit row keeps it: what it replaced (`before`) and what it set (`after`). */
export type AuditedDecision = {
  action: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

/** How one resource's decisions are taken back: configured once per resource, run by undoDecision. */
export type UndoableResource<R, A = R> = {
  /** audit_logs.entity of the resource. */
  entity: string;
  /** The audit actions that are its decisions (a `status` change, `approve`/`reject`). */
  decisions: readonly string[];
  notFound: Message;
  /** The record, locked for update: a decision racing the undo waits for it, or it for the decision. */
  lock: (tx: Database, id: number) => Promise<R | undefined>;
  /** Whether the locked record is still as the decision left it (else someone changed it since: 409). */
  unchanged: (tx: Database, record: R, decision: AuditedDecision) => boolean | Promise<boolean>;
  /** Puts back what the decision replaced (and what came with it); answers the record as it is now. */
  restore: (tx: Database, record: R, decision: AuditedDecision, actorId: number) => Promise<A>;
};

const objectOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The outbox ids a decision's audit row names (`notice_ids`): the notices it queued. */
const noticesOf = (after: Record<string, unknown>) =>
  Array.isArray(after.notice_ids) ? after.notice_ids.filter((id): id is number => Number.isSafeInteger(id)) : [];

/** The record's latest decision or undo in the audit log (audit_logs_entity_idx), its age by the database's clock. */
async function latestDecision(tx: Database, entity: string, id: number, actions: readonly string[]) {
  const [row] = await tx
    .select({
      action: auditLogs.action,
      actor_id: auditLogs.actor_id,
      before: auditLogs.before,
      after: auditLogs.after,
      age: sql<number>`extract(epoch from now() - ${auditLogs.created_at})::float8`,
    })
    .from(auditLogs)
    .where(and(eq(auditLogs.entity, entity), eq(auditLogs.entity_id, String(id)), inArray(auditLogs.action, [...actions, 'undo'])))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
}

const refused = (message: Message) => new HttpError(409, message);

/**
 * Takes back the caller's own latest decision on a record (the toast's Undo), in one transaction: allowed while
 * it is the record's latest decision, within undoWindowSeconds, made one by one (a bulk decision, or a license
 * approved with its provider, is not undone alone) and the record still as it left it; otherwise a 409. The
 * notices the decision queued are recalled when they have not left; `told` says when some had. Audited `undo`.
 */
export const undoDecision = <R, A>(db: Database, actorId: number, id: number, resource: UndoableResource<R, A>) =>
  audited(db, actorId, async (tx) => {
    const record = await resource.lock(tx, id);
    if (record === undefined) throw notFound(resource.notFound);
    const last = await latestDecision(tx, resource.entity, id, resource.decisions);
    const decision = last && { action: last.action, before: objectOf(last.before), after: objectOf(last.after) };
    if (!last || !decision || last.action === 'undo' || last.actor_id !== actorId || decision.after.bulk || decision.after.with_provider)
      throw refused(undoMessages.nothingToUndo);
    if (last.age > undoWindowSeconds) throw refused(undoMessages.tooLate);
    if (!(await resource.unchanged(tx, record, decision))) throw refused(undoMessages.changedSince);
    const restored = await resource.restore(tx, record, decision, actorId);
    const recalled = await outboxRepository.recall(tx, noticesOf(decision.after));
    return {
      result: { record: restored, told: recalled.told > 0 },
      audit: {
        action: 'undo',
        entity: resource.entity,
        entityId: id,
        before: record,
        after: { ...objectOf(restored), notices_recalled: recalled.cancelled, notices_already_sent: recalled.told },
      },
    };
  });

/** The undo's answer text: plain, or saying the provider had already been told. */
export const undoneMessage = (undone: { told: boolean }) => (undone.told ? undoMessages.undoneAfterNotice : undoMessages.undone);
