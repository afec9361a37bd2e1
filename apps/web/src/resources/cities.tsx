import { cityPaths } from '@sehha/contract/locations';
import { namedResource } from '../components/resource/named-resource';
import { parentColumn } from '../components/resource/parent-resource';
import { paths } from '../config/paths';

/** Cities: the Cities tab of `locations`, form at `addCity` (cities.form.tsx), texts in `locations` under `city.`. */
export const cities = namedResource({
  name: 'cities',
  // A city's name shows in state rows.
  refreshes: ['states'],
  texts: { ns: 'locations', prefix: 'city.' },
  routes: { list: `${paths.locations.path}?tab=cities`, form: paths.addCity.path },
  paths: cityPaths,
  stateKey: 'city',
  list: { screen: 'locations-cities', columns: (context) => [parentColumn('country')(context)] },
  form: async () => (await import('./cities.form')).form,
});
