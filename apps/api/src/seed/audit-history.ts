import { auditLogs } from '../db/schema/audit';
import type { SeededAccount } from './accounts';
import { insertAll } from './batch';
import { iso } from './clock';
import type { SeedContext } from './context';
import type { SeededProviders } from './providers';
import type { DecidedRequest } from './change-requests';

/**
 * The audit trail the past decisions would have left: provider reviews, decided change requests
 * and deactivations, credited to the admin who existed before seeding. Without one, none.
 */
export async function seedAuditHistory(
  ctx: SeedContext,
  seeded: SeededProviders,
  accounts: readonly SeededAccount[],
  decided: readonly DecidedRequest[],
): Promise<number> {
  const actor = ctx.adminId;
  if (actor === null) return 0;
  const rows: (typeof auditLogs.$inferInsert)[] = [
    ...seeded.all.flatMap((p) =>
      p.reviewedAt
        ? [
            {
              actor_id: actor,
              action: 'status',
              entity: 'provider',
              entity_id: String(p.id),
              before: { status: 'pending' },
              after: { status: p.status },
              created_at: iso(p.reviewedAt),
            },
          ]
        : [],
    ),
    ...decided.map((r) => ({
      actor_id: actor,
      action: r.status === 1 ? 'approve' : 'reject',
      entity: 'change_request',
      entity_id: String(r.id),
      before: { id: r.id, status: 0, changes: r.changes },
      after: { id: r.id, status: r.status, changes: r.changes, decided_at: r.decidedAt },
      created_at: r.decidedAt,
    })),
    ...accounts.flatMap((a) =>
      a.deactivatedAt
        ? [
            {
              actor_id: actor,
              action: 'deactivate',
              entity: 'user',
              entity_id: String(a.id),
              before: { is_active: true },
              after: { is_active: false, deactivated_at: iso(a.deactivatedAt) },
              created_at: iso(a.deactivatedAt),
            },
          ]
        : [],
    ),
  ];
  rows.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  await insertAll(ctx.db, auditLogs, rows);
  return rows.length;
}
