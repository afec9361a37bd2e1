import { cityPaths, countryPaths, statePaths } from '@sehha/contract/locations';

/** Query-key roots. A country's change shows in city rows, a city's in state rows: refresh downwards. */
export const countriesKey = 'countries';
export const citiesKey = 'cities';
export const statesKey = 'states';

export const locationResources = {
  countries: { key: countriesKey, refresh: [countriesKey, citiesKey, statesKey], paths: countryPaths, ns: 'country', formRoute: 'addCountery', stateKey: 'country' },
  cities: { key: citiesKey, refresh: [citiesKey, statesKey], paths: cityPaths, ns: 'city', formRoute: 'addCity', stateKey: 'city' },
  states: { key: statesKey, refresh: [statesKey], paths: statePaths, ns: 'state', formRoute: 'addState', stateKey: 'state' },
} as const;

export type LocationKind = keyof typeof locationResources;
export const locationsListPath = (lng: string, tab: LocationKind) => `/${lng}/dashboard/locations?tab=${tab}`;
