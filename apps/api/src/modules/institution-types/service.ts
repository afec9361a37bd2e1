import type { Database } from '../../db/connection';
import { audited } from '../../audit/audit-log';
import { HttpError, notFound } from '../../http/errors';
import { defineMessages } from '../../i18n/messages';
import { institutionTypeRepository as repository, type InstitutionTypeValues } from './repository';

export const institutionTypeMessages = defineMessages({
  added: { en: 'Type added successfully!', ar: 'تمت إضافة النوع بنجاح!' },
  updated: { en: 'Type updated successfully!', ar: 'تم تحديث النوع بنجاح!' },
  statusUpdated: { en: 'Type status updated successfully!', ar: 'تم تحديث حالة النوع بنجاح!' },
  deleted: { en: 'Type Deleted', ar: 'تم حذف النوع' },
  notFound: { en: 'Institution type not found.', ar: 'نوع المؤسسة غير موجود.' },
  inUse: {
    en: 'This type is used by {count, plural, one {# medical institution} other {# medical institutions}}; change their type before deleting it.',
    ar: 'هذا النوع مستخدم في {count, plural, one {مؤسسة طبية واحدة} two {مؤسستين طبيتين} few {# مؤسسات طبية} many {# مؤسسة طبية} other {# مؤسسة طبية}}؛ غيّر نوعها قبل حذفه.',
  },
});

const entity = 'institution_type';

export function createInstitutionTypeService(db: Database) {
  const mustFind = async (tx: Database, id: number) => {
    const found = await repository.find(tx, id, true);
    if (!found) throw notFound(institutionTypeMessages.notFound);
    return found;
  };

  return {
    list: (query: { page: number; perPage: number; search?: string }) => repository.page(db, query),

    create: (actorId: number, values: InstitutionTypeValues) =>
      audited(db, actorId, async (tx) => {
        const created = await repository.insert(tx, values);
        return { result: created, audit: { action: 'create', entity, entityId: created.id, after: created } };
      }),

    update: (actorId: number, id: number, values: InstitutionTypeValues) =>
      audited(db, actorId, async (tx) => {
        const before = await mustFind(tx, id);
        const after = await repository.update(tx, id, values);
        return { result: after, audit: { action: 'update', entity, entityId: id, before, after } };
      }),

    setActive: (actorId: number, id: number, isActive: boolean) =>
      audited(db, actorId, async (tx) => {
        const before = await mustFind(tx, id);
        const after = await repository.update(tx, id, { is_active: isActive });
        return { result: after, audit: { action: 'status', entity, entityId: id, before, after } };
      }),

    /** Refused while institutions still use the type: nothing is half-deleted. */
    remove: (actorId: number, id: number) =>
      audited(db, actorId, async (tx) => {
        const before = await mustFind(tx, id);
        const inUse = await repository.countInstitutionsOfType(tx, id);
        if (inUse > 0) throw new HttpError(422, institutionTypeMessages.inUse, {}, { count: inUse });
        await repository.remove(tx, id);
        return { result: before, audit: { action: 'delete', entity, entityId: id, before } };
      }),
  };
}
