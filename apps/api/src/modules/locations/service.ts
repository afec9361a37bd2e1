import type { Database } from '../../db/database';
import { publicLocationRepository as repository } from './repository';

/** What the public side (sign-up forms) may read: active locations, a country's flag as its public URL. */
export function createPublicLocationService(db: Database) {
  return {
    countries: async () =>
      (await repository.countries(db)).map(({ flag, ...country }) => ({ ...country, flag_url: flag ? `/storage/${flag}` : null })),
    cities: (countryId: number) => repository.cities(db, countryId),
    states: (cityId: number) => repository.states(db, cityId),
  };
}
