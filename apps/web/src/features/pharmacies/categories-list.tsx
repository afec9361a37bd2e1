import { NamedCatalogList } from '../../components/resource/named-catalog-list';
import { categoriesResource } from './categories-resource';

/**
 * The pharmacy categories list (search, paging, add, edit, delete), reusable on the Categories
 * screen and as the Categories side of the Pharmacies tab switch. The add/edit form returns to
 * whichever of the two it was opened from.
 */
export function CategoriesList() {
  return <NamedCatalogList resource={categoriesResource} />;
}
