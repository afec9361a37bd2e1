import { speciality, specialityInput, specialityPaths } from '@sehha/contract/specialities';
import { namedResource } from '../components/resource/named-resource';

/** Specialities: list at `specialities`, form at `addSpeciality`, texts in `specialities`. */
export const specialities = namedResource({
  name: 'specialities',
  texts: { ns: 'specialities' },
  routes: { list: 'specialities', form: 'addSpeciality' },
  paths: specialityPaths,
  item: speciality,
  stateKey: 'speciality',
  list: { screen: 'specialities-list', actionsClassName: 'whitespace-nowrap w-40', returnToOpener: true },
  form: { schema: () => specialityInput },
});
