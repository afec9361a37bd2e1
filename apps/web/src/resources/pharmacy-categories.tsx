import { pharmacyCategoryPaths } from '@sehha/contract/pharmacy-categories';
import { namedResource } from '../components/resource/named-resource';
import { paths } from '../config/paths';

/**
 * Pharmacy categories: list at `categories` and as the Categories tab of `pharmacies` (the form goes
 * back to whichever it was opened from), form at `addCategory` (pharmacy-categories.form.ts), texts in `categories`.
 */
export const pharmacyCategories = namedResource({
  name: 'pharmacy-categories',
  texts: { ns: 'pharmacy-categories' },
  routes: { list: paths.categories.path, form: paths.addCategory.path },
  paths: pharmacyCategoryPaths,
  stateKey: 'category',
  list: { screen: 'categories-list', actionsClassName: 'whitespace-nowrap w-40', returnToOpener: true },
  form: async () => (await import('./pharmacy-categories.form')).form,
});
