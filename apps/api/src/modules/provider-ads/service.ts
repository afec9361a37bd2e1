import { advertisingKinds } from '@sehha/contract/providers';
import type { Database } from '../../db/database';
import { audited } from '../../audit/audit-log';
import { notFound } from '../../http/errors';
import { childListOf } from '../providers/service';
import { providerAdRepository as repository } from './repository';
import { providerAdMessages } from '@sehha/contract/messages';

export function createProviderAdService(db: Database) {
  return {
    /** Ads of a doctor, medical institution, medical center or company (pharmacies run none: 404). */
    list: childListOf(db, advertisingKinds, repository.page),

    /** Deletes the row (and its audit) in one transaction; the image file goes once that has committed (the route's withStoredFile). */
    remove: (actorId: number, id: number) =>
      audited(db, actorId, async (tx) => {
        const before = await repository.find(tx, id, true);
        if (!before) throw notFound(providerAdMessages.notFound);
        await repository.remove(tx, id);
        return {
          result: { result: before, replacedKey: before.image },
          audit: { action: 'delete', entity: 'provider_ad', entityId: id, before },
        };
      }),
  };
}
