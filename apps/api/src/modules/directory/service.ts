import { cityMessages, countryMessages } from '@sehha/contract/locations';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { directoryRepository as repository } from './repository';

type PageQuery = { page: number; per_page: number };

/** What the apps may read without a token: active rows only, images as their public URLs (`/storage/{key}`, as the admin API answers them). */
export function createDirectoryService(db: Database) {
  return {
    specialities: () => repository.specialities(db),
    pharmacyCategories: () => repository.pharmacyCategories(db),
    countries: async () =>
      (await repository.countries(db)).map(({ flag, ...country }) => ({ ...country, flag_url: flag ? `/storage/${flag}` : null })),
    /** An unknown or inactive country is not found: the public never learns of hidden rows. */
    cities: async (countryId: number, query: PageQuery) => {
      if (!(await repository.activeCountry(db, countryId))) throw notFound(countryMessages.notFound);
      return repository.cities(db, countryId, query);
    },
    states: async (cityId: number, query: PageQuery) => {
      if (!(await repository.activeCity(db, cityId))) throw notFound(cityMessages.notFound);
      return repository.states(db, cityId, query);
    },
    homeAds: async () => (await repository.homeAds(db)).map(({ image, ...ad }) => ({ ...ad, image_url: `/storage/${image}` })),
  };
}
