import { NamedCatalogFormPage } from '../../components/resource/named-catalog-form';
import { specialitiesResource } from './specialities-resource';

/** /{lng}/dashboard/addSpeciality: creates, or edits the row passed in navigation state / named by `?id=`. */
export default function AddSpecialityPage() {
  return <NamedCatalogFormPage resource={specialitiesResource} screen="addSpeciality" />;
}
