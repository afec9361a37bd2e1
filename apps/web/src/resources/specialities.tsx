import { speciality, specialityInput, specialityPaths } from '@sehha/contract/specialities';
import { namedResource } from '../components/resource/named-resource';
import { paths } from '../config/paths';

/** Specialities: list at `specialities`, form at `addSpeciality`, texts in `specialities`. */
export const specialities = namedResource({
  name: 'specialities',
  texts: { ns: 'specialities' },
  routes: { list: paths.specialities.path, form: paths.addSpeciality.path },
  paths: specialityPaths,
  item: speciality,
  stateKey: 'speciality',
  list: { screen: 'specialities-list', actionsClassName: 'whitespace-nowrap w-40', returnToOpener: true },
  form: { schema: () => specialityInput },
});
