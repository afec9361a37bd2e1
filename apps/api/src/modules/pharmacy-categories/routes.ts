import {
  pharmacyCategoryInput,
  pharmacyCategoryListQuery,
  pharmacyCategoryListResponse,
  pharmacyCategoryPaths,
  pharmacyCategoryResponse,
} from '@sehha/contract/pharmacy-categories';
import { namedCatalogRoutes } from '../named-catalog/named-catalog-routes';
import { pharmacyCategoryRepository } from './repository';
import { pharmacyCategoryMessages } from './service';

export const pharmacyCategoryRoutes = namedCatalogRoutes({
  tag: 'pharmacy categories',
  entity: 'pharmacy_category',
  paths: pharmacyCategoryPaths,
  repository: pharmacyCategoryRepository,
  messages: pharmacyCategoryMessages,
  schemas: { input: pharmacyCategoryInput, listQuery: pharmacyCategoryListQuery, item: pharmacyCategoryResponse, list: pharmacyCategoryListResponse },
});
