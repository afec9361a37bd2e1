import { specialityPaths } from '@sehha/contract/specialities';
import { namedResource } from '../components/resource/named-resource';
import { paths } from '../config/paths';

/** Specialities: list at `specialities`, form at `addSpeciality` (specialities.form.ts), texts in `specialities`. */
export const specialities = namedResource({
  name: 'specialities',
  texts: { ns: 'specialities' },
  routes: { list: paths.specialities.path, form: paths.addSpeciality.path },
  paths: specialityPaths,
  stateKey: 'speciality',
  list: { screen: 'specialities-list', actionsClassName: 'whitespace-nowrap w-40', returnToOpener: true },
  form: async () => (await import('./specialities.form')).form,
});
