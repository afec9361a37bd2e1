import { canChangeProviderStatus } from '@sehha/contract/providers';
import type { BulkTarget } from '@sehha/contract/bulk';
import { providerStatuses, type ProviderKind, type ProviderStatus } from '@sehha/contract/status-codes';
import type { Database } from '../../db/database';
import { audited } from '../../audit/audit-log';
import { runBulkAction } from '../../audit/bulk-action';
import { authRepository } from '../../auth/auth-repository';
import { HttpError, notFound, ValidationError } from '../../http/errors';
import { commonMessages, localized } from '../../i18n/messages';
import { providerMessages, reviewStatusNames } from '@sehha/contract/messages';
import { toIsoRequired } from '../../db/dates';
import type { UrlSigner } from '../../storage/signed-urls';
import { signedDocument } from '../../storage/signed-documents';
import { providerRepository as repository, type ProviderFilter, type ProviderRecord, type ProviderSort } from './repository';
import { auditedDetails, recordDecision, type Decision } from './decision-notice';
import { licenseRepository } from '../licenses/repository';
import { undoDecision, type UndoableResource } from '../../audit/undo-decision';
import { providerReviewRepository } from './reviews-repository';

/** The refusal of a status change the review flow does not allow (contract: providerStatusTransitions). */
const impossibleTransition = (from: ProviderStatus, to: ProviderStatus) =>
  localized(commonMessages.statusTransitionRefused, { from: reviewStatusNames[from], to: reviewStatusNames[to] });

const entity = 'provider';

/**
 * A provider of one of these kinds, or 404 (a doctor's id on a pharmacy screen is not found). The one
 * thing the provider's child modules (units, ads, medicines, branches) need from this module.
 */
export async function requireProviderOfKinds(db: Database, id: number, kinds: readonly ProviderKind[]) {
  const found = await repository.find(db, id);
  if (!found || !kinds.includes(found.kind)) throw notFound(providerMessages.notFound);
  return found;
}

/** A provider's child list (medicines, branches, units, ads): 404 unless the id is a provider of `kinds`, else the repository's page. */
export const childListOf =
  <Q, T>(db: Database, kinds: readonly ProviderKind[], page: (db: Database, providerId: number, query: Q) => Promise<T>) =>
  async (providerId: number, query: Q) => {
    await requireProviderOfKinds(db, providerId, kinds);
    return page(db, providerId, query);
  };

/** Throws when the locked record is not what the caller expects (the review queue: "decided by someone else since"). */
export type Precondition<R> = (locked: R) => void;

/**
 * A review decision with its reasons (the contract checked which ones it needs): the status, a history
 * row, the audit row with the reasons, and the provider's SMS/email, all in one transaction. `precondition`
 * runs on the locked row before anything changes. The list's button and the review queue both decide here.
 */
export const decideProvider = (
  db: Database,
  actorId: number,
  id: number,
  decision: Decision,
  precondition?: Precondition<ProviderRecord>,
) =>
  audited(db, actorId, async (tx) => {
    const before = await repository.find(tx, id, true);
    if (!before) throw notFound(providerMessages.notFound);
    precondition?.(before);
    if (!canChangeProviderStatus(before.status, decision.status))
      throw new ValidationError({ status: [impossibleTransition(before.status, decision.status)] });
    await repository.setStatus(tx, id, decision.status);
    const licenseIds = decision.status === 'approved' ? await licenseRepository.approvePendingOf(tx, actorId, [id]) : [];
    const noticeIds = await recordDecision(tx, actorId, [before], decision, { undoable: true });
    const after = { ...before, status: decision.status };
    // What came with the decision, named so that its undo takes it back too (undoProviderDecision).
    const cameWith = { notice_ids: noticeIds, ...(licenseIds.length > 0 ? { license_ids: licenseIds } : {}) };
    return {
      result: after,
      audit: { action: 'status', entity, entityId: id, before, after: { ...after, ...auditedDetails(decision), ...cameWith } },
    };
  });

const idsOf = (value: unknown) => (Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : []);

/**
 * A provider decision's undo (audit/undo-decision.ts): the status returns to the one the decision replaced, past
 * the transition table (a first acceptance goes back to pending); licenses approved with an acceptance return to
 * pending; the review history gains an `undone` row.
 */
const undoableProvider: UndoableResource<ProviderRecord> = {
  entity,
  decisions: ['status'],
  notFound: providerMessages.notFound,
  lock: (tx, id) => repository.find(tx, id, true),
  unchanged: (_tx, record, decision) =>
    decision.after.status === record.status && providerStatuses.includes(decision.before.status as ProviderStatus),
  async restore(tx, record, decision, actorId) {
    const restored = decision.before.status as ProviderStatus;
    await repository.setStatus(tx, record.id, restored);
    await licenseRepository.returnToPending(tx, actorId, idsOf(decision.after.license_ids));
    await providerReviewRepository.add(tx, { providerId: record.id, action: 'undone', actorId });
    return { ...record, status: restored };
  },
};

/** One provider as its list shows it (the review queue's record), or undefined. */
export const findProviderItem = (db: Database, id: number) => repository.item(db, id);

/** A provider's documents with signed links issued to `viewerId` (opening one is access-logged, storage-routes.ts). */
export async function providerAttachments(db: Database, signer: UrlSigner, id: number, viewerId: number) {
  const provider = await repository.find(db, id);
  if (!provider) throw notFound(providerMessages.notFound);
  const rows = await repository.attachments(db, id);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    size: row.size,
    created_at: toIsoRequired(row.created_at),
    ...signedDocument(signer, row, { by: viewerId, as: 'admin', entity: 'provider_attachment', id: row.id, subject: provider.user_id }),
  }));
}

export function createProviderService(db: Database, signer: UrlSigner) {
  const mustFind = async (tx: Database, id: number, lock = false) => {
    const found = await repository.find(tx, id, lock);
    if (!found) throw notFound(providerMessages.notFound);
    return found;
  };

  return {
    list: (kind: ProviderKind, query: ProviderFilter & ProviderSort & { page: number; perPage: number }) =>
      repository.page(db, kind, query),

    show: (id: number) => mustFind(db, id),

    /** A review decision with its reasons: see decideProvider. */
    changeStatus: (actorId: number, id: number, decision: Decision) => decideProvider(db, actorId, id, decision),

    /** Takes back the caller's own latest decision on the provider (the toast's Undo): see undoableProvider. */
    undoStatus: (actorId: number, id: number) => undoDecision(db, actorId, id, undoableProvider),

    /** Deactivates the provider's account and revokes its tokens, in one transaction. */
    deactivate: (actorId: number, id: number) =>
      audited(db, actorId, async (tx) => {
        const before = await mustFind(tx, id, true);
        if (!before.is_active) throw new HttpError(422, providerMessages.alreadyDeactivated);
        await repository.deactivateAccounts(tx, [before.user_id]);
        await authRepository.revokeAllTokens(tx, [before.user_id]);
        const after = { ...before, is_active: false };
        return { result: after, audit: { action: 'deactivate', entity, entityId: id, before, after } };
      }),

    /**
     * Deactivates every listed account of the kind under exactly the list's filter (status, search),
     * and revokes their tokens: all in one transaction, so either all of them change or none.
     */
    deactivateAll: (actorId: number, kind: ProviderKind, filter: ProviderFilter) =>
      audited(db, actorId, async (tx) => {
        const listed = await repository.lockListedAccounts(tx, kind, filter);
        const userIds = await repository.deactivateAccounts(
          tx,
          listed.map((row) => row.user_id),
        );
        await authRepository.revokeAllTokens(tx, userIds);
        const providerIds = listed.filter((row) => userIds.includes(row.user_id)).map((row) => row.provider_id);
        return {
          result: { count: userIds.length },
          audit: {
            action: 'deactivate_all',
            entity,
            entityId: null,
            before: { kind, filter },
            after: { provider_ids: providerIds, user_ids: userIds },
          },
        };
      }),

    /**
     * A review decision on many providers of a kind (runBulkAction): ids that are not listed providers of
     * the kind refuse the whole request; rows whose status cannot move to `to` are skipped.
     */
    bulkChangeStatus: (actorId: number, kind: ProviderKind, target: BulkTarget<ProviderFilter>, decision: Decision) =>
      runBulkAction(db, target, {
        lockKnown: (tx, ids) => repository.lockListedIds(tx, kind, ids),
        notInList: providerMessages.idNotListed,
        lockMatching: (tx, filter) => repository.lockListed(tx, kind, filter),
        change: async (tx, ids) => {
          const changed = await repository.bulkSetStatus(tx, actorId, kind, ids, decision.status, auditedDetails(decision));
          if (decision.status === 'approved') await licenseRepository.approvePendingOf(tx, actorId, changed);
          await recordDecision(tx, actorId, await repository.accountsOf(tx, changed), decision);
          return changed.length;
        },
      }),

    /**
     * Deactivates many providers' accounts of a kind and revokes their tokens, as the single deactivation
     * does; an id of another kind refuses the whole request, an account already deactivated is skipped.
     */
    bulkDeactivate: (actorId: number, kind: ProviderKind, target: BulkTarget<ProviderFilter>) =>
      runBulkAction(db, target, {
        lockKnown: (tx, ids) => repository.lockKindIds(tx, kind, ids),
        notInList: providerMessages.idNotListed,
        lockMatching: (tx, filter) => repository.lockListed(tx, kind, filter),
        change: (tx, ids) => repository.bulkDeactivate(tx, actorId, kind, ids),
      }),

    /** `viewerId`: the admin the file links are issued to; opening one is access-logged (storage-routes.ts). */
    attachments: (id: number, viewerId: number) => providerAttachments(db, signer, id, viewerId),
  };
}
