import type { Database } from '../../db/connection';
import { audited } from '../../audit/audit-log';
import { HttpError, notFound, ValidationError } from '../../http/errors';
import { defineMessages } from '../../i18n/messages';
import {
  cityRepository,
  countryRepository,
  stateRepository,
  type CityValues,
  type CountryValues,
  type StateValues,
} from './repository';

/** Spec §8 texts for locations, to the letter; the added/updated ones in the same style. */
export const locationMessages = defineMessages({
  countryAdded: { en: 'Country added successfully!', ar: 'تمت إضافة الدولة بنجاح!' },
  countryUpdated: { en: 'Country updated successfully!', ar: 'تم تحديث الدولة بنجاح!' },
  countryStatus: { en: 'Country state updated successfully!', ar: 'تم تحديث حالة الدولة بنجاح!' },
  countryDeleted: { en: 'Country Deleted', ar: 'تم حذف الدولة' },
  countryNotFound: { en: 'Country not found.', ar: 'الدولة غير موجودة.' },
  countryInUse: {
    en: 'This country has {cities} cities and {others} accounts; delete or move them before deleting it.',
    ar: 'هذه الدولة تضم {cities} من المدن و{others} من الحسابات؛ احذفها أو انقلها قبل حذف الدولة.',
  },
  cityAdded: { en: 'City added successfully!', ar: 'تمت إضافة المدينة بنجاح!' },
  cityUpdated: { en: 'City updated successfully!', ar: 'تم تحديث المدينة بنجاح!' },
  cityStatus: { en: 'City state updated successfully!', ar: 'تم تحديث حالة المدينة بنجاح!' },
  cityDeleted: { en: 'City Deleted', ar: 'تم حذف المدينة' },
  cityNotFound: { en: 'City not found.', ar: 'المدينة غير موجودة.' },
  cityInUse: {
    en: 'This city has {states} states and {others} providers or branches; delete or move them before deleting it.',
    ar: 'هذه المدينة تضم {states} من المناطق و{others} من مقدمي الخدمة أو الفروع؛ احذفها أو انقلها قبل حذف المدينة.',
  },
  stateAdded: { en: 'State added successfully!', ar: 'تمت إضافة المنطقة بنجاح!' },
  stateUpdated: { en: 'State updated successfully!', ar: 'تم تحديث المنطقة بنجاح!' },
  stateStatus: { en: 'State state updated successfully!', ar: 'تم تحديث حالة المنطقة بنجاح!' },
  stateDeleted: { en: 'State Deleted', ar: 'تم حذف المنطقة' },
  stateNotFound: { en: 'State not found.', ar: 'المنطقة غير موجودة.' },
});

type Page = { page: number; perPage: number; search?: string };

export function createLocationService(db: Database) {
  const mustFindCountry = async (tx: Database, id: number, lock = true) => (await countryRepository.find(tx, id, lock)) ?? Promise.reject(notFound(locationMessages.countryNotFound));
  const mustFindCity = async (tx: Database, id: number, lock = true) => (await cityRepository.find(tx, id, lock)) ?? Promise.reject(notFound(locationMessages.cityNotFound));
  const mustFindState = async (tx: Database, id: number, lock = true) => (await stateRepository.find(tx, id, lock)) ?? Promise.reject(notFound(locationMessages.stateNotFound));
  // A parent that does not exist is a field error, not a 404 of the request.
  const parentCountry = async (tx: Database, id: number) => {
    if (!(await countryRepository.find(tx, id))) throw new ValidationError({ country_id: ['countryInvalid'] });
  };
  const parentCity = async (tx: Database, id: number) => {
    if (!(await cityRepository.find(tx, id))) throw new ValidationError({ city_id: ['cityInvalid'] });
  };

  return {
    countries: {
      list: (query: Page) => countryRepository.page(db, query),
      show: (id: number) => mustFindCountry(db, id, false),
      /** Returns the record and the flag it replaced (to remove from storage once committed). */
      create: (actorId: number, values: CountryValues) =>
        audited(db, actorId, async (tx) => {
          const created = await countryRepository.insert(tx, values);
          return { result: { result: created }, audit: { action: 'create', entity: 'country', entityId: created.id, after: created } };
        }),
      update: (actorId: number, id: number, values: CountryValues) =>
        audited(db, actorId, async (tx) => {
          const before = await mustFindCountry(tx, id);
          const after = await countryRepository.update(tx, id, values);
          return { result: { result: after, replacedKey: values.flag ? before.flag : null }, audit: { action: 'update', entity: 'country', entityId: id, before, after } };
        }),
      setActive: (actorId: number, id: number, isActive: boolean) =>
        audited(db, actorId, async (tx) => {
          const before = await mustFindCountry(tx, id);
          const after = await countryRepository.update(tx, id, { is_active: isActive });
          return { result: after, audit: { action: 'status', entity: 'country', entityId: id, before, after } };
        }),
      /** Refused while cities, users or providers still point at it: nothing is half-deleted. */
      remove: (actorId: number, id: number) =>
        audited(db, actorId, async (tx) => {
          const before = await mustFindCountry(tx, id);
          const usage = await countryRepository.usage(tx, id);
          if (usage.cities + usage.others > 0) throw new HttpError(422, locationMessages.countryInUse, {}, usage);
          await countryRepository.remove(tx, id);
          return { result: { result: before, replacedKey: before.flag }, audit: { action: 'delete', entity: 'country', entityId: id, before } };
        }),
      active: () => countryRepository.active(db),
    },

    cities: {
      list: (query: Page & { countryId?: number }) => cityRepository.page(db, query),
      show: (id: number) => mustFindCity(db, id, false),
      create: (actorId: number, values: CityValues) =>
        audited(db, actorId, async (tx) => {
          await parentCountry(tx, values.country_id);
          const created = await mustFindCity(tx, await cityRepository.insert(tx, values), false);
          return { result: created, audit: { action: 'create', entity: 'city', entityId: created.id, after: created } };
        }),
      update: (actorId: number, id: number, values: CityValues) =>
        audited(db, actorId, async (tx) => {
          const before = await mustFindCity(tx, id);
          if (values.country_id !== before.country_id) await parentCountry(tx, values.country_id);
          await cityRepository.update(tx, id, values);
          const after = await mustFindCity(tx, id, false);
          return { result: after, audit: { action: 'update', entity: 'city', entityId: id, before, after } };
        }),
      setActive: (actorId: number, id: number, isActive: boolean) =>
        audited(db, actorId, async (tx) => {
          const before = await mustFindCity(tx, id);
          await cityRepository.update(tx, id, { is_active: isActive });
          const after = await mustFindCity(tx, id, false);
          return { result: after, audit: { action: 'status', entity: 'city', entityId: id, before, after } };
        }),
      remove: (actorId: number, id: number) =>
        audited(db, actorId, async (tx) => {
          const before = await mustFindCity(tx, id);
          const usage = await cityRepository.usage(tx, id);
          if (usage.states + usage.others > 0) throw new HttpError(422, locationMessages.cityInUse, {}, usage);
          await cityRepository.remove(tx, id);
          return { result: before, audit: { action: 'delete', entity: 'city', entityId: id, before } };
        }),
      active: (countryId: number) => cityRepository.active(db, countryId),
    },

    states: {
      list: (query: Page & { cityId?: number }) => stateRepository.page(db, query),
      show: (id: number) => mustFindState(db, id, false),
      create: (actorId: number, values: StateValues) =>
        audited(db, actorId, async (tx) => {
          await parentCity(tx, values.city_id);
          const created = await mustFindState(tx, await stateRepository.insert(tx, values), false);
          return { result: created, audit: { action: 'create', entity: 'state', entityId: created.id, after: created } };
        }),
      update: (actorId: number, id: number, values: StateValues) =>
        audited(db, actorId, async (tx) => {
          const before = await mustFindState(tx, id);
          if (values.city_id !== before.city_id) await parentCity(tx, values.city_id);
          await stateRepository.update(tx, id, values);
          const after = await mustFindState(tx, id, false);
          return { result: after, audit: { action: 'update', entity: 'state', entityId: id, before, after } };
        }),
      setActive: (actorId: number, id: number, isActive: boolean) =>
        audited(db, actorId, async (tx) => {
          const before = await mustFindState(tx, id);
          await stateRepository.update(tx, id, { is_active: isActive });
          const after = await mustFindState(tx, id, false);
          return { result: after, audit: { action: 'status', entity: 'state', entityId: id, before, after } };
        }),
      /** Nothing points at a state yet, so a state is simply deleted. */
      remove: (actorId: number, id: number) =>
        audited(db, actorId, async (tx) => {
          const before = await mustFindState(tx, id);
          await stateRepository.remove(tx, id);
          return { result: before, audit: { action: 'delete', entity: 'state', entityId: id, before } };
        }),
      active: (cityId: number) => stateRepository.active(db, cityId),
    },
  };
}
