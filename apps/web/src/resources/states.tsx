import { statePaths } from '@sehha/contract/locations';
import { namedResource } from '../components/resource/named-resource';
import { parentColumn } from '../components/resource/parent-resource';
import { paths } from '../config/paths';

/** States: the States tab of `locations`, form at `addState` (states.form.tsx), texts in `locations` under `state.`. */
export const states = namedResource({
  name: 'states',
  texts: { ns: 'locations', prefix: 'state.' },
  routes: { list: `${paths.locations.path}?tab=states`, form: paths.addState.path },
  paths: statePaths,
  stateKey: 'state',
  list: { screen: 'locations-states', columns: (context) => [parentColumn('city')(context)] },
  form: async () => (await import('./states.form')).form,
});
