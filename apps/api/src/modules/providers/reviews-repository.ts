import { asc, eq, sql } from 'drizzle-orm';
import type { DecisionReason, ProviderReviewAction } from '@sehha/contract/status-codes';
import type { Database } from '../../db/database';
import { providerReviews } from '../../db/schema/providers';

/** One step of a provider's review, as it is written. */
export type NewProviderReview = {
  providerId: number;
  action: ProviderReviewAction;
  actorId: number | null;
  reasonCodes?: readonly DecisionReason[] | undefined;
  reasonNote?: string | null | undefined;
  missingDocuments?: readonly string[] | undefined;
};

/**
 * A provider's review history (provider_reviews): the application's rounds and each decision with its
 * reasons. Append-only: nothing here updates or deletes a row.
 */
export const providerReviewRepository = {
  /** The round a new row belongs to: the latest one, or one more when `action` is a (re)submission. */
  async add(tx: Database, review: NewProviderReview) {
    const [last] = await tx
      .select({ round: sql<number>`coalesce(max(${providerReviews.round}), 0)::int` })
      .from(providerReviews)
      .where(eq(providerReviews.provider_id, review.providerId));
    const current = last?.round ?? 0;
    const round = review.action === 'submitted' ? current + 1 : Math.max(current, 1);
    const [row] = await tx
      .insert(providerReviews)
      .values({
        provider_id: review.providerId,
        round,
        action: review.action,
        actor_id: review.actorId,
        reason_codes: [...(review.reasonCodes ?? [])],
        reason_note: review.reasonNote ?? null,
        missing_documents: [...(review.missingDocuments ?? [])] as (typeof providerReviews.$inferInsert)['missing_documents'],
      })
      .returning();
    return row!;
  },

  /** Adds the same decision for many providers (a bulk decision): one insert. */
  async addMany(tx: Database, providerIds: readonly number[], review: Omit<NewProviderReview, 'providerId'>) {
    if (providerIds.length === 0) return;
    await tx.execute(sql`
      insert into ${providerReviews} (provider_id, round, action, actor_id, reason_codes, reason_note, missing_documents)
      select p.id, coalesce((select max(r.round) from ${providerReviews} r where r.provider_id = p.id), 1), ${review.action},
             ${review.actorId}, ${sql.param([...(review.reasonCodes ?? [])])}::text[], ${review.reasonNote ?? null},
             ${sql.param([...(review.missingDocuments ?? [])])}::text[]
      from unnest(${sql.param([...providerIds])}::bigint[]) as p(id)`);
  },

  /** The whole history of one provider, oldest first. */
  history: (db: Database, providerId: number) =>
    db.select().from(providerReviews).where(eq(providerReviews.provider_id, providerId)).orderBy(asc(providerReviews.id)),
};
