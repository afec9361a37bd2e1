import { pharmacyCategory, pharmacyCategoryInput, pharmacyCategoryPaths } from '@sehha/contract/pharmacy-categories';
import { namedResource } from '../components/resource/named-resource';

/**
 * Pharmacy categories: list at `categories` and as the Categories tab of `pharmacies` (the form goes
 * back to whichever it was opened from), form at `addCategory`, texts in `categories`.
 */
export const pharmacyCategories = namedResource({
  name: 'pharmacy-categories',
  texts: { ns: 'categories' },
  routes: { list: 'categories', form: 'addCategory' },
  paths: pharmacyCategoryPaths,
  item: pharmacyCategory,
  stateKey: 'category',
  list: { screen: 'categories-list', actionsClassName: 'whitespace-nowrap w-40', returnToOpener: true },
  form: { schema: () => pharmacyCategoryInput },
});
