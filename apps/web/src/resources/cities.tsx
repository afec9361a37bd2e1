import { city, cityInput, cityPaths, type Country } from '@sehha/contract/locations';
import { namedResource } from '../components/resource/named-resource';
import { parentResource } from '../components/resource/parent-resource';
import { countries } from './countries';
import { paths } from '../config/paths';

const country = parentResource('country', countries, (row: Country) => row.mobile_prefix);

/** Cities: the Cities tab of `locations`, form at `addCity` (the country searched on the server), texts in `locations` under `city.`. */
export const cities = namedResource({
  name: 'cities',
  // A city's name shows in state rows.
  refreshes: ['states'],
  texts: { ns: 'locations', prefix: 'city.' },
  routes: { list: `${paths.locations.path}?tab=cities`, form: paths.addCity.path },
  paths: cityPaths,
  item: city,
  stateKey: 'city',
  list: { screen: 'locations-cities', columns: (context) => [country.column(context)] },
  form: { schema: () => cityInput, defaults: country.defaults, Fields: country.Field },
});
