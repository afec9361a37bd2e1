import { z } from 'zod';
import { allInput, bulkInput } from './bulk';
import { envelope, paginator } from './envelope';
import type { ValidationMessageKey } from './validation-messages';
import { listQuery, nameFields, namedRef, searchField, sortQuery } from './fields';
import {
  attachmentKinds,
  attachmentKindSchema,
  decisionReasons,
  providerKindSchema,
  providerStatusSchema,
  type ProviderKind,
  type ProviderStatus,
} from './status-codes';

/**
 * Provider directories (spec §2 Doctors, Pharmacies, Medical Institutions, Medical Centers, Companies):
 * one list, one status workflow, one deactivation and one attachments call, with the kind in the path.
 */

/** URL segment of each kind: /api/admin/providers/{slug}. */
export const providerKindSlugs = {
  doctors: 'doctor',
  pharmacies: 'pharmacy',
  hospitals: 'hospital',
  'medical-centers': 'medical_center',
  companies: 'company',
} as const satisfies Record<string, ProviderKind>;
export type ProviderKindSlug = keyof typeof providerKindSlugs;
export const providerKindSlugList = Object.keys(providerKindSlugs) as ProviderKindSlug[];

/** Kinds that run ads, and facilities that have units (hospital departments, medical-center clinics). */
export const advertisingKinds = ['doctor', 'hospital', 'medical_center', 'company'] as const satisfies readonly ProviderKind[];
export const facilityKinds = ['hospital', 'medical_center'] as const satisfies readonly ProviderKind[];

/**
 * Review transitions an admin may make (enforced by the API, offered by the dashboard):
 * - pending  → approved | rejected | onHold   (first review)
 * - onHold   → approved | rejected            (the papers had another look)
 * - approved → rejected | onHold              (approval withdrawn, or parked for a re-check)
 * - rejected → approved                       (a rejection reconsidered)
 * Nothing goes back to pending (it is only the sign-up state), and a status never "changes" to itself.
 * Account activity (active/inactive) is separate: see deactivate below.
 */
export const providerStatusTransitions: Record<ProviderStatus, readonly ProviderStatus[]> = {
  pending: ['approved', 'rejected', 'onHold'],
  onHold: ['approved', 'rejected'],
  approved: ['rejected', 'onHold'],
  rejected: ['approved'],
};
export const canChangeProviderStatus = (from: ProviderStatus, to: ProviderStatus) => providerStatusTransitions[from].includes(to);

export const providerItem = z.object({
  id: z.number().int(),
  kind: providerKindSchema,
  user_id: z.number().int(),
  ...nameFields,
  email: z.string(),
  phone: z.string().nullable(),
  whatsapp_phone: z.string().nullable(),
  address: z.string().nullable(),
  is_special: z.boolean(),
  status: providerStatusSchema,
  is_active: z.boolean(),
  country: namedRef.nullable(),
  speciality: namedRef.nullable(),
  /** Doctors only: every appointment booked with the doctor. */
  appointments_count: z.number().int().optional(),
  created_at: z.string(),
});
export type ProviderItem = z.infer<typeof providerItem>;

/** The filter of a list, and of its mass actions (which act on exactly the listed filter): see bulk.ts. */
export const providerFilterShape = { status: providerStatusSchema.optional(), search: searchField };
/**
 * Columns a provider list sorts by (`?sort=&direction=`), each walked in order by an index of the kind:
 * the name in either language (the dashboard sorts by the one it shows), the joined date and the review
 * status. Not offered: country (by name, it would sort every provider of the kind on each page) and
 * appointments (a doctor's count is computed per row; ordering by it would count the appointments of
 * every doctor of the list, so a page would cost as much as the whole appointments table).
 */
export const providerSortColumns = ['name_en', 'name_ar', 'created_at', 'status'] as const;
export type ProviderSortColumn = (typeof providerSortColumns)[number];
export const providerListQuery = listQuery(10).extend({ status: providerStatusSchema.optional(), ...sortQuery(providerSortColumns).shape });
export const providerListResponse = envelope(paginator(providerItem));

export const providerSummary = z.object({
  id: z.number().int(),
  kind: providerKindSchema,
  ...nameFields,
  status: providerStatusSchema,
  is_active: z.boolean(),
});
export type ProviderSummary = z.infer<typeof providerSummary>;
export const providerSummaryResponse = envelope(providerSummary);

/** The longest note an admin may give with a decision. */
export const decisionNoteMax = 1000;

/**
 * Why a decision was made (issue 26): reasons from the bilingual list (messages.ts decisionReasonLabels),
 * the admin's note, and for a hold the documents still missing. Which of them a decision needs is
 * decisionDetailsIssues below; empty lists and a blank note count as absent.
 */
export const decisionDetailsShape = {
  reason_codes: z
    .array(z.enum(decisionReasons, { error: 'decisionReasonInvalid' }), { error: 'decisionReasonInvalid' })
    .max(decisionReasons.length, { error: 'decisionReasonInvalid' })
    .refine((codes) => new Set(codes).size === codes.length, { error: 'decisionReasonInvalid' })
    .optional(),
  reason_note: z.string({ error: 'invalid' }).trim().max(decisionNoteMax, { error: 'descriptionTooLong' }).nullable().optional(),
  missing_documents: z
    .array(z.enum(attachmentKinds, { error: 'missingDocumentInvalid' }), { error: 'missingDocumentInvalid' })
    .max(attachmentKinds.length, { error: 'missingDocumentInvalid' })
    .refine((kinds) => new Set(kinds).size === kinds.length, { error: 'missingDocumentInvalid' })
    .optional(),
};
export type DecisionDetails = {
  reason_codes?: readonly (typeof decisionReasons)[number][] | undefined;
  reason_note?: string | null | undefined;
  missing_documents?: readonly (typeof attachmentKinds)[number][] | undefined;
};

/**
 * What a decision lacks or must not carry, as `[field, message key]`: a rejection needs a reason or a
 * note (and `other` a note), a hold the missing documents or a note; approving takes none of them, a
 * rejection no missing documents, a hold no reason codes.
 */
export function decisionDetailsIssues(
  status: ProviderStatus,
  details: DecisionDetails,
): Array<[keyof DecisionDetails, ValidationMessageKey]> {
  const codes = details.reason_codes ?? [];
  const note = details.reason_note?.trim() ?? '';
  const documents = details.missing_documents ?? [];
  const issues: Array<[keyof DecisionDetails, ValidationMessageKey]> = [];
  if (status === 'approved') {
    if (codes.length > 0) issues.push(['reason_codes', 'decisionDetailsNotAllowed']);
    if (note) issues.push(['reason_note', 'decisionDetailsNotAllowed']);
    if (documents.length > 0) issues.push(['missing_documents', 'decisionDetailsNotAllowed']);
  } else if (status === 'rejected') {
    if (documents.length > 0) issues.push(['missing_documents', 'decisionDetailsNotAllowed']);
    if (codes.length === 0 && !note) issues.push(['reason_codes', 'decisionReasonRequired']);
    else if (codes.includes('other') && !note) issues.push(['reason_note', 'decisionOtherNeedsNote']);
  } else if (status === 'onHold') {
    if (codes.length > 0) issues.push(['reason_codes', 'decisionDetailsNotAllowed']);
    if (documents.length === 0 && !note) issues.push(['missing_documents', 'decisionHoldDetailsRequired']);
  }
  return issues;
}

/** Adds decisionDetailsIssues to a schema's refinement context. */
const checkDecisionDetails = (status: ProviderStatus, details: DecisionDetails, ctx: z.RefinementCtx) => {
  for (const [path, message] of decisionDetailsIssues(status, details)) ctx.addIssue({ code: 'custom', path: [path], message });
};

/** A review decision: any status but `pending`, which is only the sign-up state, with its details. */
export const providerStatusInput = z
  .object({ status: providerStatusSchema.exclude(['pending'], { error: 'statusInvalid' }), ...decisionDetailsShape })
  .superRefine((input, ctx) => checkDecisionDetails(input.status, input, ctx));
export type ProviderStatusInput = z.infer<typeof providerStatusInput>;
export const providerResponse = envelope(providerSummary);

/**
 * How long after a decision its admin may take it back (the toast offers Undo for its 5 s; the rest is slack
 * for a slow network). Later, a decision is changed by a new decision, not undone.
 */
export const undoWindowSeconds = 30;

/**
 * Bulk review decisions on a provider list (`{ids}` or `{filter}`, see bulk.ts): rows whose status cannot
 * move to the decision (providerStatusTransitions, e.g. approving an approved doctor) are skipped and not
 * counted, so "all matching" under a mixed filter acts on the rows it can; ids that are not listed
 * providers of the kind refuse the whole request (422), nothing changed.
 */
export const providerBulkDecisions = { approve: 'approved', reject: 'rejected', hold: 'onHold' } as const satisfies Record<
  string,
  ProviderStatus
>;
export type ProviderBulkDecision = keyof typeof providerBulkDecisions;
export const providerBulkDecisionList = Object.keys(providerBulkDecisions) as ProviderBulkDecision[];
export const providerBulkInput = bulkInput(providerFilterShape);
/** Each bulk decision's body: the target, and the decision's details (approve: none, so its body is the target alone). */
export const providerBulkDecisionInputs = {
  approve: providerBulkInput,
  reject: bulkInput(providerFilterShape, decisionDetailsShape).superRefine((input, ctx) => checkDecisionDetails('rejected', input, ctx)),
  hold: bulkInput(providerFilterShape, decisionDetailsShape).superRefine((input, ctx) => checkDecisionDetails('onHold', input, ctx)),
} satisfies Record<ProviderBulkDecision, z.ZodType>;

/** "Deactivate all": `{"all": true}` and the list's filter (bulk.ts). */
export const deactivateAllInput = allInput(providerFilterShape);
export const deactivateAllResponse = envelope(z.object({ count: z.number().int() }));

/** A private document with short-lived signed URLs: one to preview, one that downloads under a safe name. */
export const signedDocument = z.object({
  name: z.string(),
  mime_type: z.string(),
  url: z.string(),
  download_url: z.string(),
});
export type SignedDocument = z.infer<typeof signedDocument>;

export const providerAttachment = signedDocument.extend({
  id: z.number().int(),
  kind: attachmentKindSchema,
  size: z.number().int(),
  created_at: z.string(),
});
export type ProviderAttachment = z.infer<typeof providerAttachment>;
export const providerAttachmentsResponse = envelope(z.array(providerAttachment));

export const providerPaths = {
  list: (slug: ProviderKindSlug) => `/api/admin/providers/${slug}`,
  deactivateAll: (slug: ProviderKindSlug) => `/api/admin/providers/${slug}/deactivate-all`,
  bulk: (slug: ProviderKindSlug, decision: ProviderBulkDecision) => `/api/admin/providers/${slug}/bulk/${decision}`,
  show: (id: number | string) => `/api/admin/providers/show/${id}`,
  status: (id: number | string) => `/api/admin/providers/status/${id}`,
  /** Takes back the admin's own latest decision on the provider, within undoWindowSeconds (the toast's Undo). */
  undoStatus: (id: number | string) => `/api/admin/providers/status/${id}/undo`,
  deactivate: (id: number | string) => `/api/admin/providers/deactivate/${id}`,
  attachments: (id: number | string) => `/api/admin/providers/attachments/${id}`,
};
