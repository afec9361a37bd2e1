import { advertisingKinds } from '@sehha/contract/providers';
import type { Database } from '../../db/connection';
import { audited } from '../../audit/audit-log';
import { notFound } from '../../http/errors';
import { defineMessages } from '../../i18n/messages';
import type { Storage } from '../../storage/storage';
import type { ProviderService } from '../providers/service';
import { providerAdRepository as repository } from './repository';

export const providerAdMessages = defineMessages({
  deleted: { en: 'Ad Deleted', ar: 'تم حذف الإعلان' },
  notFound: { en: 'Ad not found.', ar: 'الإعلان غير موجود.' },
});

export function createProviderAdService(db: Database, storage: Storage, providers: ProviderService) {
  return {
    /** Ads of a doctor, medical institution, medical center or company (pharmacies run none: 404). */
    list: async (providerId: number, query: { page: number; perPage: number; search?: string }) => {
      await providers.findOfKinds(providerId, advertisingKinds);
      return repository.page(db, providerId, query);
    },

    /** Deletes the row (and its audit) in one transaction; the image file goes once that has committed. */
    remove: async (actorId: number, id: number) => {
      const removed = await audited(db, actorId, async (tx) => {
        const before = await repository.find(tx, id, true);
        if (!before) throw notFound(providerAdMessages.notFound);
        await repository.remove(tx, id);
        return { result: before, audit: { action: 'delete', entity: 'provider_ad', entityId: id, before } };
      });
      await storage.remove(removed.image).catch(() => undefined);
      return removed;
    },
  };
}
