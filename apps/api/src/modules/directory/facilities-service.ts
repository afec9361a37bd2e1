import { providerMessages } from '@sehha/contract/messages';
import type { DirectoryUnit } from '@sehha/contract/directory';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { localDate } from '../licenses/repository';
import type { UrlSigner } from '../../storage/signed-urls';
import { directoryFacilitiesRepository as repository, type DirectoryFacilityFilter, type FacilityKind } from './facilities-repository';
import { simplePage, withPhotoUrl } from './present';

/** Pharmacies, hospitals and medical centers the public may see (visibility.ts), read on each request. */
export function createDirectoryFacilitiesService(db: Database, signer: UrlSigner, timeZone: string) {
  const today = () => localDate(timeZone, new Date());
  const present = withPhotoUrl(signer);

  /** The unit rows (one per visible doctor, or one with no doctor) grouped into units, in their order. */
  const units = async (day: string, facilityId: number): Promise<DirectoryUnit[]> => {
    const grouped = new Map<number, DirectoryUnit>();
    for (const { doctor, ...unit } of await repository.units(db, day, facilityId)) {
      let entry = grouped.get(unit.id);
      if (!entry) grouped.set(unit.id, (entry = { ...unit, doctors: [] }));
      if (doctor?.id != null) entry.doctors.push(present(doctor));
    }
    return [...grouped.values()];
  };

  /** A hidden facility (pending, rejected, on hold, deactivated, license expired) is not found, like an unknown id. */
  const find = async (kind: FacilityKind, day: string, id: number) => {
    const row = await repository.find(db, kind, day, id);
    if (!row) throw notFound(providerMessages.notFound);
    return present(row);
  };

  return {
    async page(kind: FacilityKind, query: DirectoryFacilityFilter & { page: number; perPage: number }) {
      const page = simplePage(await repository.page(db, kind, today(), query), query);
      return { ...page, items: page.items.map(present) };
    },
    async pharmacy(id: number) {
      const pharmacy = await find('pharmacy', today(), id);
      return { ...pharmacy, branches: await repository.branches(db, id) };
    },
    async hospital(id: number) {
      const day = today();
      const hospital = await find('hospital', day, id);
      return { ...hospital, departments: await units(day, id) };
    },
    async medicalCenter(id: number) {
      const day = today();
      const center = await find('medical_center', day, id);
      return { ...center, clinics: await units(day, id) };
    },
  };
}
