import { sql } from 'drizzle-orm';
import { requiredDocuments } from '@sehha/contract/provider-applications';
import type { DecisionReason } from '@sehha/contract/status-codes';
import { providerReviews, providers } from '../db/schema/providers';
import { insertAll } from './batch';
import { iso } from './clock';
import type { SeedContext } from './context';
import type { SeededProviders } from './providers';
import { randomFor } from './random';

const REJECT_REASONS: readonly (readonly DecisionReason[])[] = [
  ['documents_unreadable'],
  ['license_expired'],
  ['name_mismatch'],
  ['license_number_invalid', 'documents_unreadable'],
  ['speciality_mismatch'],
];

/**
 * Each demo provider's review history, as the app shows it: its application (round 1, by its own account),
 * then the admin's decision for those already decided, with reasons for a rejection and the missing
 * documents for a hold. Their round began when they were created.
 */
export async function seedProviderReviews(ctx: SeedContext, seeded: SeededProviders): Promise<void> {
  const rng = randomFor('provider-reviews');
  const rows: (typeof providerReviews.$inferInsert)[] = [];
  for (const provider of seeded.all) {
    rows.push({
      provider_id: provider.id,
      round: 1,
      action: 'submitted',
      actor_id: provider.account.id,
      created_at: iso(provider.createdAt),
    });
    if (provider.status === 'pending' || !provider.reviewedAt) continue;
    const rejected = provider.status === 'rejected';
    const held = provider.status === 'onHold';
    rows.push({
      provider_id: provider.id,
      round: 1,
      action: provider.status,
      actor_id: ctx.adminId,
      reason_codes: rejected ? [...rng.pick(REJECT_REASONS)] : held ? ['documents_missing'] : [],
      reason_note: held ? 'Please send a clearer copy of the missing document.' : null,
      missing_documents: held ? [rng.pick(requiredDocuments[provider.kind].slice(1))] : [],
      created_at: iso(provider.reviewedAt),
    });
  }
  await insertAll(ctx.db, providerReviews, rows);
  await ctx.db.update(providers).set({ submitted_at: sql`${providers.created_at}` });
}
