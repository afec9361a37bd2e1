import { providerMessages } from '@sehha/contract/messages';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import type { SimplePage } from '../../http/paginate';
import { localDate } from '../licenses/repository';
import { directoryDoctorsRepository as repository, type DirectoryDoctorFilter } from './doctors-repository';

/** The directory's doctors: only those the public may see (doctors-repository.ts visible), read on each request. */
export function createDirectoryDoctorsService(db: Database, timeZone: string) {
  const today = () => localDate(timeZone, new Date());
  return {
    async page(query: DirectoryDoctorFilter & { page: number; perPage: number }) {
      const rows = await repository.page(db, today(), query);
      const page: SimplePage<(typeof rows)[number]> = {
        items: rows.slice(0, query.perPage),
        hasMore: rows.length > query.perPage,
        page: query.page,
        perPage: query.perPage,
      };
      return page;
    },
    /** A hidden doctor (pending, rejected, on hold, deactivated, license expired) is not found, like an unknown id. */
    async profile(id: number) {
      const doctor = await repository.find(db, today(), id);
      if (!doctor) throw notFound(providerMessages.notFound);
      return { ...doctor, facilities: await repository.facilities(db, id) };
    },
  };
}
