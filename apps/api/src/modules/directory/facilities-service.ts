import { providerMessages } from '@sehha/contract/messages';
import type { DirectoryUnit } from '@sehha/contract/directory';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { localDate } from '../licenses/repository';
import { directoryFacilitiesRepository as repository, type DirectoryFacilityFilter, type FacilityKind } from './facilities-repository';
import { simplePage, withPhotoUrl } from './present';

/** Pharmacies, hospitals and medical centers the public may see (visibility.ts), read on each request. */
export function createDirectoryFacilitiesService(db: Database, timeZone: string) {
  const today = () => localDate(timeZone, new Date());
  const present = withPhotoUrl;

  /** A hidden facility (pending, rejected, on hold, deactivated, license expired) is not found, like an unknown id. */
  const shown = <R extends { photo: string | null }>(row: R | undefined) => {
    if (!row) throw notFound(providerMessages.notFound);
    return present(row);
  };

  /** A hospital or medical center with its units, each unit's doctors with their photo links. */
  const findWithUnits = async (kind: 'hospital' | 'medical_center', id: number) => {
    const { units, ...facility } = shown(await repository.findWithUnits(db, kind, today(), id));
    return { ...facility, units: units.map((unit): DirectoryUnit => ({ ...unit, doctors: unit.doctors.map(present) })) };
  };

  return {
    async page(kind: FacilityKind, query: DirectoryFacilityFilter & { page: number; perPage: number }) {
      const page = simplePage(await repository.page(db, kind, today(), query), query);
      return { ...page, items: page.items.map(present) };
    },
    async pharmacy(id: number) {
      return shown(await repository.findWithBranches(db, today(), id));
    },
    async hospital(id: number) {
      const { units, ...hospital } = await findWithUnits('hospital', id);
      return { ...hospital, departments: units };
    },
    async medicalCenter(id: number) {
      const { units, ...center } = await findWithUnits('medical_center', id);
      return { ...center, clinics: units };
    },
  };
}
