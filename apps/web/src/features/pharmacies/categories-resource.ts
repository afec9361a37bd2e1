import { pharmacyCategory, pharmacyCategoryInput, pharmacyCategoryPaths, type PharmacyCategory } from '@sehha/contract/pharmacy-categories';
import type { NamedCatalogResource } from '../../components/resource/named-catalog';

/** Pharmacy categories, declared once: list at `categories` (and the Pharmacies tab), form at `addCategory`. */
export const categoriesResource: NamedCatalogResource<PharmacyCategory> = {
  ns: 'categories',
  resourceKey: 'pharmacy-categories',
  paths: pharmacyCategoryPaths,
  item: pharmacyCategory,
  input: pharmacyCategoryInput,
  formRoute: 'addCategory',
  listRoute: 'categories',
  stateKey: 'category',
};
