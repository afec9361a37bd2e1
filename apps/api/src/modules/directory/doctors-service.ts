import { providerMessages } from '@sehha/contract/messages';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { localDate } from '../licenses/repository';
import { directoryDoctorsRepository as repository, type DirectoryDoctorFilter } from './doctors-repository';
import { simplePage, withPhotoUrl } from './present';

/** The directory's doctors: only those the public may see (visibility.ts), read on each request. */
export function createDirectoryDoctorsService(db: Database, timeZone: string) {
  const today = () => localDate(timeZone, new Date());
  const present = withPhotoUrl;
  return {
    async page(query: DirectoryDoctorFilter & { page: number; perPage: number }) {
      const page = simplePage(await repository.page(db, today(), query), query);
      return { ...page, items: page.items.map(present) };
    },
    /** A hidden doctor (pending, rejected, on hold, deactivated, license expired) is not found, like an unknown id. */
    async profile(id: number) {
      const doctor = await repository.find(db, today(), id);
      if (!doctor) throw notFound(providerMessages.notFound);
      return present(doctor);
    },
  };
}
