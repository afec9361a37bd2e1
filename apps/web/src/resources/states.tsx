import { state, stateInput, statePaths, type City } from '@sehha/contract/locations';
import { namedResource } from '../components/resource/named-resource';
import { parentResource } from '../components/resource/parent-resource';
import { localName } from '../lib/local-name';
import { cities } from './cities';
import { paths } from '../config/paths';

const city = parentResource('city', cities, (row: City, lng) => localName(row.country, lng));

/** States: the States tab of `locations`, form at `addState` (the city searched on the server: there may be thousands), texts in `locations` under `state.`. */
export const states = namedResource({
  name: 'states',
  texts: { ns: 'locations', prefix: 'state.' },
  routes: { list: `${paths.locations.path}?tab=states`, form: paths.addState.path },
  paths: statePaths,
  item: state,
  stateKey: 'state',
  list: { screen: 'locations-states', columns: (context) => [city.column(context)] },
  form: { schema: () => stateInput, defaults: city.defaults, Fields: city.Field },
});
