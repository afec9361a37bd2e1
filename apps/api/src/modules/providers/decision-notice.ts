import { undoWindowSeconds, type DecisionDetails } from '@sehha/contract/providers';
import type { NotificationKind, ProviderStatus } from '@sehha/contract/status-codes';
import { attachmentKindLabels, decisionNoticeLines, decisionNotices, decisionReasonLabels } from '@sehha/contract/messages';
import type { Database } from '../../db/database';
import { notifyAccounts } from '../../outbox/notify-account';
import { translate, type Language, type Message } from '../../i18n/messages';
import { providerReviewRepository } from './reviews-repository';

/** A decision as it is kept and told: the status moved to, its reasons and note (trimmed; blank is none). */
export type Decision = {
  status: Exclude<ProviderStatus, 'pending'>;
  reasonCodes: NonNullable<DecisionDetails['reason_codes']>;
  reasonNote: string | null;
  missingDocuments: NonNullable<DecisionDetails['missing_documents']>;
};

/**
 * The request's decision in the shape the history, the audit row and the notice take. `body` is a body
 * the contract has checked (decisionDetailsIssues); an approval's carries no details at all.
 */
export const decisionOf = (status: Decision['status'], body: DecisionDetails | object): Decision => {
  const details: DecisionDetails = body;
  return {
    status,
    reasonCodes: details.reason_codes ?? [],
    reasonNote: details.reason_note?.trim() || null,
    missingDocuments: details.missing_documents ?? [],
  };
};

/** The decision's details as its audit row's "after" carries them. */
export const auditedDetails = (decision: Decision) => ({
  reason_codes: decision.reasonCodes,
  reason_note: decision.reasonNote,
  missing_documents: decision.missingDocuments,
});

/** The notifications list's name for each decision's notice. */
const decisionNoticeKinds: Record<keyof typeof decisionNotices, NotificationKind> = {
  approved: 'application_approved',
  rejected: 'application_rejected',
  onHold: 'application_on_hold',
};

const listSeparator: Record<Language, string> = { en: ', ', ar: '، ' };
const labels = (items: readonly string[], names: Record<string, Message>, language: Language) =>
  items.map((item) => names[item]![language]).join(listSeparator[language]);

/** The notice's `{details}` in one language: the reasons' labels, the missing documents, the note. */
function detailsIn(decision: Decision, language: Language) {
  const lines: string[] = [];
  if (decision.reasonCodes.length > 0)
    lines.push(translate(decisionNoticeLines.reasons, language, { reasons: labels(decision.reasonCodes, decisionReasonLabels, language) }));
  if (decision.missingDocuments.length > 0)
    lines.push(
      translate(decisionNoticeLines.missingDocuments, language, {
        documents: labels(decision.missingDocuments, attachmentKindLabels, language),
      }),
    );
  if (decision.reasonNote) lines.push(translate(decisionNoticeLines.note, language, { note: decision.reasonNote }));
  return lines.join('');
}

/**
 * Records a decision on providers in their review history and tells each provider, in its account's
 * language: both with the caller's transaction `tx`, so they exist exactly when the decision does.
 * `providers` are the ones that changed (a bulk decision's skipped rows get neither). Returns the notices' outbox
 * ids (an undo recalls them). An `undoable` decision's notices wait out the Undo window before they leave, so that
 * an undo within it recalls them and the provider is never told of a decision taken back.
 */
export async function recordDecision(
  tx: Database,
  actorId: number,
  providers: readonly { id: number; user_id: number }[],
  decision: Decision,
  options: { undoable?: boolean } = {},
) {
  if (providers.length === 0) return [];
  const review = {
    action: decision.status,
    actorId,
    reasonCodes: decision.reasonCodes,
    reasonNote: decision.reasonNote,
    missingDocuments: decision.missingDocuments,
  };
  if (providers.length === 1) await providerReviewRepository.add(tx, { providerId: providers[0]!.id, ...review });
  else
    await providerReviewRepository.addMany(
      tx,
      providers.map((provider) => provider.id),
      review,
    );
  // Bilingual, so that notifyAccount picks the recipient's language (a plain string would be the same in both).
  const details: Message = { en: detailsIn(decision, 'en'), ar: detailsIn(decision, 'ar') };
  return notifyAccounts(
    tx,
    providers.map((provider) => provider.user_id),
    { kind: decisionNoticeKinds[decision.status], ...decisionNotices[decision.status] },
    { details },
    { delaySeconds: options.undoable ? undoWindowSeconds : undefined },
  );
}
