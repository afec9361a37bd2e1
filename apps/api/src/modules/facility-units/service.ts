import { facilityKinds } from '@sehha/contract/providers';
import type { Database } from '../../db/database';
import type { PageQuery } from '../../db/paging';
import { notFound } from '../../http/errors';
import { childListOf, requireProviderOfKinds } from '../providers/service';
import { facilityUnitRepository as repository } from './repository';
import { facilityUnitMessages } from '@sehha/contract/messages';

/** Medical institutions' departments and medical centers' clinics: one "unit" of a facility. */
export function createFacilityUnitService(db: Database) {
  const mustFindUnit = async (facilityId: number, unitId: number) => {
    await requireProviderOfKinds(db, facilityId, facilityKinds);
    const unit = await repository.find(db, facilityId, unitId);
    if (!unit) throw notFound(facilityUnitMessages.notFound);
    return unit;
  };

  return {
    list: childListOf(db, facilityKinds, repository.page),
    show: mustFindUnit,
    doctors: async (facilityId: number, unitId: number, query: PageQuery) => {
      await mustFindUnit(facilityId, unitId);
      return repository.doctors(db, unitId, query);
    },
  };
}
