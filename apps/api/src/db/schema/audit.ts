import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { foreignId, foreignIndex, primaryId, timestamps } from './columns';
import { users } from './accounts';

/** One row per admin mutation, written in the same transaction as the change; never updated or deleted (a trigger refuses). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: primaryId(),
    // No action on delete: the log is append-only (migration 0007), so an admin with a history cannot be
    // deleted (deactivate instead), rather than having their rows rewritten to an unknown actor.
    actor_id: foreignId('actor_id', () => users.id, 'no action'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: timestamps.created_at,
  },
  (t) => [
    index('audit_logs_entity_idx').on(t.entity, t.entity_id),
    index('audit_logs_created_idx').on(t.created_at.desc().nullsFirst()),
    foreignIndex('audit_logs', t.actor_id),
  ],
);
