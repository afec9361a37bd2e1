import { NamedCatalogFormPage } from '../../components/resource/named-catalog-form';
import { categoriesResource } from './categories-resource';

/** /{lng}/dashboard/addCategory: creates, or edits the row passed in navigation state / named by `?id=`. */
export default function AddCategoryPage() {
  return <NamedCatalogFormPage resource={categoriesResource} screen="addCategory" />;
}
