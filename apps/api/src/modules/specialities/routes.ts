import { specialityInput, specialityListQuery, specialityListResponse, specialityPaths, specialityResponse } from '@sehha/contract/specialities';
import { namedCatalogRoutes } from '../named-catalog/named-catalog-routes';
import { specialityRepository } from './repository';
import { specialityMessages } from './service';

export const specialityRoutes = namedCatalogRoutes({
  tag: 'specialities',
  entity: 'speciality',
  paths: specialityPaths,
  repository: specialityRepository,
  messages: specialityMessages,
  schemas: { input: specialityInput, listQuery: specialityListQuery, item: specialityResponse, list: specialityListResponse },
});
