import { speciality, specialityInput, specialityPaths } from '@sehha/contract/specialities';
import type { NamedCatalogResource } from '../../components/resource/named-catalog';
import type { Speciality } from '@sehha/contract/specialities';

/** Specialities, declared once: list at `specialities`, form at `addSpeciality`. */
export const specialitiesResource: NamedCatalogResource<Speciality> = {
  ns: 'specialities',
  resourceKey: 'specialities',
  paths: specialityPaths,
  item: speciality,
  input: specialityInput,
  formRoute: 'addSpeciality',
  listRoute: 'specialities',
  stateKey: 'speciality',
};
