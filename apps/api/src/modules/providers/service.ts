import { canChangeProviderStatus, type ProviderKindSlug } from '@sehha/contract/providers';
import type { ProviderKind, ProviderStatus } from '@sehha/contract/status-codes';
import type { Database } from '../../db/connection';
import { audited } from '../../audit/audit-log';
import { authRepository } from '../../auth/auth-repository';
import { HttpError, notFound, ValidationError } from '../../http/errors';
import { defineMessages, type Message } from '../../i18n/messages';
import { toIsoRequired } from '../../db/paged';
import type { UrlSigner } from '../../storage/signed-urls';
import { signedDocument } from '../../storage/signed-documents';
import { providerRepository as repository, type ProviderFilter, type ProviderSort } from './repository';

export const providerMessages = defineMessages({
  notFound: { en: 'Provider not found.', ar: 'مقدم الخدمة غير موجود.' },
  statusChanged: { en: 'Status Changed Successfully', ar: 'تم تغيير الحالة بنجاح' },
  deactivated: { en: 'Deactivated Successfully !', ar: 'تم إلغاء التفعيل بنجاح!' },
  alreadyDeactivated: { en: 'This account is already deactivated.', ar: 'هذا الحساب غير مفعّل بالفعل.' },
});

/** "Deactivate all" success messages per kind (spec §8 gives the doctors' and pharmacies' ones). */
export const deactivateAllMessages: Record<ProviderKindSlug, Message> = {
  doctors: { en: 'Doctors Deactivated Successfully !', ar: 'تم إلغاء تفعيل الأطباء بنجاح!' },
  pharmacies: { en: 'Pharmacies Deactivated Successfully !', ar: 'تم إلغاء تفعيل الصيدليات بنجاح!' },
  hospitals: { en: 'Medical Institutions Deactivated Successfully !', ar: 'تم إلغاء تفعيل المؤسسات الطبية بنجاح!' },
  'medical-centers': { en: 'Medical Centers Deactivated Successfully !', ar: 'تم إلغاء تفعيل المراكز الطبية بنجاح!' },
  companies: { en: 'Companies Deactivated Successfully !', ar: 'تم إلغاء تفعيل الشركات بنجاح!' },
};

const statusNames: Record<ProviderStatus, Message> = {
  pending: { en: 'pending', ar: 'قيد المراجعة' },
  approved: { en: 'approved', ar: 'مقبول' },
  rejected: { en: 'rejected', ar: 'مرفوض' },
  onHold: { en: 'on hold', ar: 'معلّق' },
};

const impossibleTransition = (from: ProviderStatus, to: ProviderStatus): Message => ({
  en: `The status cannot change from ${statusNames[from].en} to ${statusNames[to].en}.`,
  ar: `لا يمكن تغيير الحالة من ${statusNames[from].ar} إلى ${statusNames[to].ar}.`,
});

const entity = 'provider';

export function createProviderService(db: Database, signer: UrlSigner) {
  const mustFind = async (tx: Database, id: number, lock = false) => {
    const found = await repository.find(tx, id, lock);
    if (!found) throw notFound(providerMessages.notFound);
    return found;
  };

  return {
    list: (kind: ProviderKind, query: ProviderFilter & ProviderSort & { page: number; perPage: number }) => repository.page(db, kind, query),

    show: (id: number) => mustFind(db, id),

    /** A provider of one of these kinds, or 404 (a doctor's id on a pharmacy screen is not found). */
    findOfKinds: async (id: number, kinds: readonly ProviderKind[]) => {
      const found = await repository.find(db, id);
      if (!found || !kinds.includes(found.kind)) throw notFound(providerMessages.notFound);
      return found;
    },

    changeStatus: (actorId: number, id: number, status: ProviderStatus) =>
      audited(db, actorId, async (tx) => {
        const before = await mustFind(tx, id, true);
        if (!canChangeProviderStatus(before.status, status)) throw new ValidationError({ status: [impossibleTransition(before.status, status)] });
        await repository.setStatus(tx, id, status);
        const after = { ...before, status };
        return { result: after, audit: { action: 'status', entity, entityId: id, before, after } };
      }),

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
          audit: { action: 'deactivate_all', entity, entityId: null, before: { kind, filter }, after: { provider_ids: providerIds, user_ids: userIds } },
        };
      }),

    attachments: async (id: number) => {
      await mustFind(db, id);
      const rows = await repository.attachments(db, id);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        size: row.size,
        created_at: toIsoRequired(row.created_at),
        ...signedDocument(signer, row),
      }));
    },
  };
}

export type ProviderService = ReturnType<typeof createProviderService>;
