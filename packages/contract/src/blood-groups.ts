import { z } from 'zod';
import { adminPaths, catalogContract, catalogTexts } from './catalog';
import { envelope } from './envelope';
import { bilingualNameInput, boolField, listQuery, namedFields, timestampFields } from './fields';
import { defineMessages } from './messages';

/** Blood groups: a throwaway catalog demonstrating the architecture checklists (reverted). */
export const bloodGroup = z.object({ ...namedFields, is_active: z.boolean(), ...timestampFields });
export type BloodGroup = z.infer<typeof bloodGroup>;

export const bloodGroupInput = z.object(bilingualNameInput);
export type BloodGroupInput = z.input<typeof bloodGroupInput>;
export const bloodGroupStatusInput = z.object({ is_active: boolField });
export const bloodGroupPaths = adminPaths('/api/admin/blood-groups', ['show', 'status']);

export const bloodGroupMessages = defineMessages({
  ...catalogTexts({ en: 'Blood group', ar: 'فصيلة الدم' }),
  statusUpdated: { en: 'Blood group status updated successfully!', ar: 'تم تحديث حالة فصيلة الدم بنجاح!' },
  notFound: { en: 'Blood group not found.', ar: 'فصيلة الدم غير موجودة.' },
});

export const bloodGroupCatalog = catalogContract({
  record: bloodGroup,
  paths: bloodGroupPaths,
  input: bloodGroupInput,
  statusInput: bloodGroupStatusInput,
  listQuery: listQuery(10),
  messages: bloodGroupMessages,
});

/** The app API's public directory: the active blood groups, names only. */
export const directoryBloodGroup = z.object(namedFields);
export const directoryBloodGroupsResponse = envelope(z.array(directoryBloodGroup));
