import { bloodGroupCatalog } from '@sehha/contract/blood-groups';
import { bloodGroups } from '../../db/schema/catalogs';
import { defineCatalog } from '../catalog/define-catalog';
import { column } from '../../http/export-route';

/** Blood groups, with a status toggle: the admin side of the throwaway checklist catalog. */
export const bloodGroupRoutes = defineCatalog({
  entity: 'blood_group',
  tag: 'blood groups',
  contract: bloodGroupCatalog,
  export: {
    name: 'blood-groups',
    columns: [column.field('id'), column.field('name_ar'), column.field('name_en'), column.field('is_active'), column.field('created_at')],
  },
  table: bloodGroups,
});
