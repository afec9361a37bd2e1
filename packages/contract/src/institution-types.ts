import { z } from 'zod';
import { bilingualNameInput, boolField, listQuery, namedFields, timestampFields } from './fields';
import { adminPaths, catalogTexts } from './admin-resource';
import { catalogContract } from './catalog';
import { defineMessages } from './messages';

/** Medical institution ("hospital") types: spec §3 Hospital type, calls of spec §7. */
export const institutionType = z.object({
  ...namedFields,
  medical_under_instituted: z.boolean(),
  is_active: z.boolean(),
  ...timestampFields,
});
export type InstitutionType = z.infer<typeof institutionType>;

export const institutionTypeInput = z.object({ ...bilingualNameInput, medical_under_instituted: boolField.default(false) });
export type InstitutionTypeInput = z.input<typeof institutionTypeInput>;

export const institutionTypeStatusInput = z.object({ is_active: boolField });

export const institutionTypePaths = adminPaths('/api/admin/hospitalies/types', ['status']);

export const institutionTypeMessages = defineMessages({
  ...catalogTexts({ en: 'Type', ar: 'النوع' }),
  statusUpdated: { en: 'Type status updated successfully!', ar: 'تم تحديث حالة النوع بنجاح!' },
  notFound: { en: 'Institution type not found.', ar: 'نوع المؤسسة غير موجود.' },
  inUse: {
    en: 'This type is used by {count, plural, one {# medical institution} other {# medical institutions}}; change their type before deleting it.',
    ar: 'هذا النوع مستخدم في {count, plural, one {مؤسسة طبية واحدة} two {مؤسستين طبيتين} few {# مؤسسات طبية} many {# مؤسسة طبية} other {# مؤسسة طبية}}؛ غيّر نوعها قبل حذفه.',
  },
});

/** The resource as the API's catalog factory (and the dashboard) read it: paths, schemas and texts. */
export const institutionTypeCatalog = catalogContract({
  record: institutionType,
  paths: institutionTypePaths,
  input: institutionTypeInput,
  statusInput: institutionTypeStatusInput,
  listQuery: listQuery(10),
  messages: institutionTypeMessages,
});
export const institutionTypeListQuery = institutionTypeCatalog.listQuery;
export const institutionTypeResponse = institutionTypeCatalog.item;
export const institutionTypeListResponse = institutionTypeCatalog.list;
