import { licenseStatusTransitions } from '@sehha/contract/licenses';
import type { Database } from '../../db/database';
import { audited } from '../../audit/audit-log';
import { notFound, ValidationError } from '../../http/errors';
import { commonMessages, localized } from '../../i18n/messages';
import type { UrlSigner } from '../../storage/signed-urls';
import { signedDocument } from '../../storage/signed-documents';
import { licenseRepository as repository, type LicenseFilter, type LicenseStatus } from './repository';
import { licenseMessages, reviewStatusNames } from '@sehha/contract/messages';
import { licenseStatuses } from '@sehha/contract/status-codes';
import { bulkMessages } from '@sehha/contract/bulk-actions';
import type { BulkTarget } from '@sehha/contract/bulk';
import { runBulkAction } from '../../audit/bulk-action';
import { undoDecision, type UndoableResource } from '../../audit/undo-decision';

type LicenseRow = NonNullable<Awaited<ReturnType<typeof repository.item>>>;
type LicenseRecord = NonNullable<Awaited<ReturnType<typeof repository.find>>>;

/** A license row as the list answers it, its document signed for `viewerId` (opening it is access-logged, storage-routes.ts). */
const presentLicense = (signer: UrlSigner, row: LicenseRow, viewerId: number) => ({
  id: row.id,
  number: row.number,
  provider: { id: row.provider_id, kind: row.provider_kind, name_ar: row.provider_name_ar, name_en: row.provider_name_en },
  document: signedDocument(signer, row, { by: viewerId, as: 'admin', entity: 'license', id: row.id, subject: row.provider_user_id }),
  expires_on: row.expires_on,
  expired: row.expired,
  status: row.status,
  created_at: row.created_at,
});

/** One license as the list shows it (the review queue's record), or undefined. */
export async function licenseItem(db: Database, signer: UrlSigner, timeZone: string, id: number, viewerId: number) {
  const row = await repository.item(db, timeZone, id);
  return row ? presentLicense(signer, row, viewerId) : undefined;
}

/**
 * A decision on one license, audited; `precondition` runs on the locked row before anything changes.
 * The list's button and the review queue both decide here.
 */
export const decideLicense = (
  db: Database,
  actorId: number,
  id: number,
  status: LicenseStatus,
  precondition?: (locked: { status: LicenseStatus }) => void,
) =>
  audited(db, actorId, async (tx) => {
    const before = await repository.find(tx, id, true);
    if (!before) throw notFound(licenseMessages.notFound);
    precondition?.(before);
    if (!licenseStatusTransitions[before.status].includes(status)) {
      const refused = localized(commonMessages.statusTransitionRefused, {
        from: reviewStatusNames[before.status],
        to: reviewStatusNames[status],
      });
      throw new ValidationError({ status: [refused] });
    }
    await repository.setStatus(tx, id, status);
    const after = { ...before, status };
    return { result: { id, status }, audit: { action: 'status', entity: 'license', entityId: id, before, after } };
  });

/**
 * A license decision's undo (audit/undo-decision.ts): the status returns to the one the decision replaced. A
 * license decision tells nobody, so there is no notice to recall.
 */
const undoableLicense: UndoableResource<LicenseRecord, { id: number; status: LicenseStatus }> = {
  entity: 'license',
  decisions: ['status'],
  notFound: licenseMessages.notFound,
  lock: (tx, id) => repository.find(tx, id, true),
  unchanged: (_tx, record, decision) =>
    decision.after.status === record.status && licenseStatuses.includes(decision.before.status as LicenseStatus),
  async restore(tx, record, decision) {
    const restored = decision.before.status as LicenseStatus;
    await repository.setStatus(tx, record.id, restored);
    return { id: record.id, status: restored };
  },
};

export function createLicenseService(db: Database, signer: UrlSigner, timeZone: string) {
  return {
    /** `viewerId`: the admin the document links are issued to; opening one is access-logged (storage-routes.ts). */
    list: async (query: LicenseFilter & { page: number; perPage: number }, viewerId: number) => {
      const page = await repository.page(db, timeZone, query);
      return { ...page, items: page.items.map((row) => presentLicense(signer, row, viewerId)) };
    },

    /**
     * A decision on many licenses (runBulkAction): an unknown id refuses the request; licenses whose
     * status cannot move to `to` (licenseStatusTransitions, e.g. already approved) are skipped.
     */
    bulkChangeStatus: (actorId: number, target: BulkTarget<LicenseFilter>, to: LicenseStatus) =>
      runBulkAction(db, target, {
        lockKnown: (tx, ids) => repository.lockIds(tx, ids),
        notInList: bulkMessages.licenseNotInList,
        lockMatching: (tx, filter) => repository.lockMatching(tx, timeZone, filter),
        change: (tx, ids) =>
          repository.bulkSetStatus(
            tx,
            actorId,
            ids,
            to,
            licenseStatuses.filter((from) => licenseStatusTransitions[from].includes(to)),
          ),
      }),

    changeStatus: (actorId: number, id: number, status: LicenseStatus) => decideLicense(db, actorId, id, status),

    /** Takes back the caller's own latest decision on the license (the toast's Undo): see undoableLicense. */
    undoStatus: (actorId: number, id: number) => undoDecision(db, actorId, id, undoableLicense),
  };
}
