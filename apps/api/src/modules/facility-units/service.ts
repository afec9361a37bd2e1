import { facilityKinds } from '@sehha/contract/providers';
import type { Database } from '../../db/connection';
import { notFound } from '../../http/errors';
import { defineMessages } from '../../i18n/messages';
import type { ProviderService } from '../providers/service';
import { facilityUnitRepository as repository } from './repository';

export const facilityUnitMessages = defineMessages({
  notFound: { en: 'Department or clinic not found.', ar: 'القسم أو العيادة غير موجود.' },
});

type PageQuery = { page: number; perPage: number; search?: string };

/** Medical institutions' departments and medical centers' clinics: one "unit" of a facility. */
export function createFacilityUnitService(db: Database, providers: ProviderService) {
  const mustFindUnit = async (facilityId: number, unitId: number) => {
    await providers.findOfKinds(facilityId, facilityKinds);
    const unit = await repository.find(db, facilityId, unitId);
    if (!unit) throw notFound(facilityUnitMessages.notFound);
    return unit;
  };

  return {
    list: async (facilityId: number, query: PageQuery) => {
      await providers.findOfKinds(facilityId, facilityKinds);
      return repository.page(db, facilityId, query);
    },
    show: mustFindUnit,
    doctors: async (facilityId: number, unitId: number, query: PageQuery) => {
      await mustFindUnit(facilityId, unitId);
      return repository.doctors(db, unitId, query);
    },
  };
}
