import { z } from 'zod';
import { envelope } from './envelope';
import { idParam } from './fields';
import { defineMessages } from './messages';
import type { Permission } from './permissions';
import { decisionDetailsIssues, decisionDetailsShape, providerAttachment, providerItem, providerKindSlugs } from './providers';
import { licenseItem } from './licenses';
import { changeRequest, changeRequestReasonField } from './change-requests';
import {
  changeRequestStatuses,
  licenseStatusSchema,
  providerStatusSchema,
  reviewRecordKindSchema,
  type ProviderStatus,
  type ReviewRecordKind,
} from './status-codes';

/**
 * The review queue (issue 29): pending provider applications, licenses and change requests, oldest first,
 * one at a time. Handing a record out claims it for a few minutes (review_claims), so two admins in the
 * queue never get the same one; a decision names the status the admin saw and is refused (409) when
 * someone else decided the record since, or holds its claim. Decisions go through the same services as
 * the lists' own buttons.
 */

/** What the queue can be narrowed to: each provider kind by its list's slug, licenses, change requests. */
export const reviewQueueKinds = [
  ...(Object.keys(providerKindSlugs) as (keyof typeof providerKindSlugs)[]),
  'licenses',
  'change-requests',
] as const;
export const reviewQueueKindSchema = z.enum(reviewQueueKinds, { error: 'invalid' });
export type ReviewQueueKind = (typeof reviewQueueKinds)[number];

/** The record kinds in the paths of decide/claim, as slugs, and what deciding each needs (route-permissions.ts). */
export const reviewRecordSlugs = {
  providers: 'provider',
  licenses: 'license',
  'change-requests': 'change_request',
} as const satisfies Record<string, ReviewRecordKind>;
export type ReviewRecordSlug = keyof typeof reviewRecordSlugs;
export const reviewRecordSlugList = Object.keys(reviewRecordSlugs) as ReviewRecordSlug[];
export const reviewDecidePermissions = {
  provider: 'providers.decide',
  license: 'licenses.decide',
  change_request: 'changeRequests.decide',
} as const satisfies Record<ReviewRecordKind, Permission>;

/** The record a queue item stands for: the key of J/K's "after"/"before". */
export const reviewRecordRef = z.object({ record: reviewRecordKindSchema, id: idParam });
export type ReviewRecordRef = z.infer<typeof reviewRecordRef>;

/** How long a claim lasts unless renewed (the dashboard renews it while the admin stays on the record). */
export const reviewClaimSeconds = 300;

export const reviewNextInput = z
  .object({
    kind: reviewQueueKindSchema.optional(),
    /** J: the first waiting record after this one in the queue's order; K: `before`, the last one before it. */
    after: reviewRecordRef.optional(),
    before: reviewRecordRef.optional(),
  })
  .refine((input) => !(input.after && input.before), { error: 'invalid', path: ['before'] });
export type ReviewNextInput = z.infer<typeof reviewNextInput>;

const itemBase = { queue: reviewQueueKindSchema, id: z.number().int(), created_at: z.string(), claim_expires_at: z.string() };

/** One record handed out, with everything the reviewer decides on (profile and documents, the license, the change). */
export const reviewItem = z.discriminatedUnion('record', [
  z.object({ record: z.literal('provider'), ...itemBase, provider: providerItem, documents: z.array(providerAttachment) }),
  z.object({ record: z.literal('license'), ...itemBase, license: licenseItem }),
  z.object({ record: z.literal('change_request'), ...itemBase, change_request: changeRequest }),
]);
export type ReviewItem = z.infer<typeof reviewItem>;
export const reviewNextResponse = envelope(reviewItem.nullable());

export const reviewCounts = z.object({
  counts: z.record(reviewQueueKindSchema, z.number().int()),
  total: z.number().int(),
});
export type ReviewCounts = z.infer<typeof reviewCounts>;
export const reviewCountsResponse = envelope(reviewCounts);

export const reviewDecisions = ['accept', 'reject', 'hold'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];
const providerDecisionStatus = { accept: 'approved', reject: 'rejected', hold: 'onHold' } as const satisfies Record<
  ReviewDecision,
  ProviderStatus
>;
export const reviewDecisionStatus = providerDecisionStatus;

/** A decision on a provider application: the reasons as the providers' own decision takes them (decisionDetailsIssues). */
export const reviewProviderDecisionInput = z
  .object({ decision: z.enum(reviewDecisions, { error: 'statusInvalid' }), expected_status: providerStatusSchema, ...decisionDetailsShape })
  .superRefine((input, ctx) => {
    for (const [path, message] of decisionDetailsIssues(providerDecisionStatus[input.decision], input))
      ctx.addIssue({ code: 'custom', path: [path], message });
  });
/** Licenses are accepted or rejected, without reasons (as on their list). */
export const reviewLicenseDecisionInput = z.object({
  decision: z.enum(['accept', 'reject'], { error: 'statusInvalid' }),
  expected_status: licenseStatusSchema,
});
/** Change requests are accepted or rejected, the rejection with an optional reason (as on their list). */
export const reviewChangeRequestDecisionInput = z.object({
  decision: z.enum(['accept', 'reject'], { error: 'statusInvalid' }),
  expected_status: z.union(
    changeRequestStatuses.map((status) => z.literal(status)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>],
    {
      error: 'statusInvalid',
    },
  ),
  reason: changeRequestReasonField,
});
export const reviewDecisionInputs = {
  providers: reviewProviderDecisionInput,
  licenses: reviewLicenseDecisionInput,
  'change-requests': reviewChangeRequestDecisionInput,
} satisfies Record<ReviewRecordSlug, z.ZodType>;

export const reviewDecisionResponse = envelope(
  z.object({ record: reviewRecordKindSchema, id: z.number().int(), status: z.union([z.string(), z.number().int()]) }),
);
export const reviewClaimResponse = envelope(z.object({ expires_at: z.string() }));

export const reviewQueuePaths = {
  counts: '/api/admin/review-queue',
  next: '/api/admin/review-queue/next',
  decide: (slug: ReviewRecordSlug, id: number | string) => `/api/admin/review-queue/${slug}/${id}/decide`,
  /** PUT keeps the claim (renews it, or takes it back when it expired and nobody took it); DELETE releases it. */
  renew: (slug: ReviewRecordSlug, id: number | string) => `/api/admin/review-queue/${slug}/${id}/renew`,
  claim: (slug: ReviewRecordSlug, id: number | string) => `/api/admin/review-queue/${slug}/${id}/claim`,
};

export const reviewQueueMessages = defineMessages({
  claimedByOther: {
    en: 'Another admin is reviewing this record right now. Move on to the next one.',
    ar: 'يراجع مشرف آخر هذا السجل الآن. انتقل إلى السجل التالي.',
  },
  decidedByOther: {
    en: 'Someone else decided this record a moment ago; nothing was changed. Move on to the next one.',
    ar: 'بتّ شخص آخر في هذا السجل قبل لحظات، ولم يتغير شيء. انتقل إلى السجل التالي.',
  },
  notWaiting: {
    en: 'This record is no longer waiting for review.',
    ar: 'لم يعد هذا السجل بانتظار المراجعة.',
  },
  released: { en: 'The record is free for other admins again.', ar: 'أصبح السجل متاحًا للمشرفين الآخرين من جديد.' },
  accepted: { en: 'Accepted.', ar: 'تم القبول.' },
  rejected: { en: 'Rejected.', ar: 'تم الرفض.' },
  held: { en: 'Put on hold.', ar: 'تم التعليق.' },
});
