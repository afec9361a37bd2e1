import { institutionTypeCatalog } from '@sehha/contract/institution-types';
import { institutionTypes } from '../../db/schema/catalogs';
import { providers } from '../../db/schema/providers';
import { defineCatalog } from '../catalog/define-catalog';
import { column } from '../../http/export-route';
import { usedBy } from '../catalog/repository';

/** Medical institution ("hospital") types, with a status toggle: medical institutions point at one. */
export const institutionTypeRoutes = defineCatalog({
  entity: 'institution_type',
  tag: 'institution types',
  contract: institutionTypeCatalog,
  export: {
    name: 'institution-types',
    columns: [column.field('id'), column.field('name_ar'), column.field('name_en'), column.field('is_active'), column.field('created_at')],
  },
  table: institutionTypes,
  usage: usedBy({ count: [providers.institution_type_id] }),
});
