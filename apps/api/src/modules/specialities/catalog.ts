import { specialityCatalog } from '@sehha/contract/specialities';
import { specialities } from '../../db/schema/catalogs';
import { facilityUnits, providers } from '../../db/schema/providers';
import { defineCatalog } from '../catalog/define-catalog';
import { column } from '../../http/export-route';
import { usedBy } from '../catalog/repository';

/** Medical specialities: doctors (providers), hospital departments and medical-center clinics (facility units) point at one. */
export const specialityRoutes = defineCatalog({
  entity: 'speciality',
  tag: 'specialities',
  contract: specialityCatalog,
  export: {
    name: 'specialities',
    columns: [column.field('id'), column.field('name_ar'), column.field('name_en'), column.field('created_at')],
  },
  table: specialities,
  usage: usedBy({ count: [providers.speciality_id, facilityUnits.speciality_id] }),
});
