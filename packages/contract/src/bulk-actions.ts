import { z } from 'zod';
import { bulkInput, massFilter } from './bulk';
import { searchField } from './fields';
import { licenseStatusSchema, type LicenseStatus } from './status-codes';
import { providerFilterShape, providerPaths, type ProviderKindSlug } from './providers';
import { accountsFilterShape, deactivatedFilterShape, userPaths } from './users';
import { licensePaths } from './licenses';
import { changeRequestPaths, changeRequestReasonField } from './change-requests';
import { defineMessages } from './messages';

/**
 * The bulk actions of every list beyond the provider review decisions (providers.ts): each list's
 * `{list path}/bulk/{action}` takes `{ids}` or `{filter}` (bulk.ts) where `filter` is exactly that
 * list's own query (search and filters, no paging or sort), and answers `{count}` (bulkResponse).
 * Each runs as the single action of the same name does, with the same permission.
 */

/** The users lists filter by their search only. */
export const accountsBulkInput = bulkInput(accountsFilterShape);
/** The deactivated list's bulk reactivation: its search and role. */
export const deactivatedBulkInput = bulkInput(deactivatedFilterShape);

/** A provider list's "deactivate the selected / all matching" (the review decisions are in providers.ts). */
export const providerDeactivateInput = bulkInput(providerFilterShape);

/** The licenses list: search (provider), status and `expired` ('1' expired, '0' still valid), as its query. */
export const licenseBulkFilter = massFilter({
  search: searchField,
  status: licenseStatusSchema.optional(),
  expired: z.enum(['1', '0'], { error: 'booleanInvalid' }).optional(),
  expiring: z.enum(['30']).optional(),
});
export const licenseBulkInput = bulkInput(licenseBulkFilter.shape);
export const licenseBulkDecisions = { approve: 'approved', reject: 'rejected' } as const satisfies Record<string, LicenseStatus>;
export type LicenseBulkDecision = keyof typeof licenseBulkDecisions;
export const licenseBulkDecisionList = Object.keys(licenseBulkDecisions) as LicenseBulkDecision[];

/**
 * The change requests list is the full list (spec §7), filtered in the dashboard by `state`: waiting
 * requests or decided ones. Only waiting requests can be decided; decided ones are skipped.
 */
export const changeRequestBulkFilter = massFilter({ state: z.enum(['waiting', 'decided'], { error: 'statusInvalid' }).optional() });
export const changeRequestBulkInput = bulkInput(changeRequestBulkFilter.shape);
/** A bulk rejection may give one reason, quoted to every requester. */
export const changeRequestBulkRejectInput = bulkInput(changeRequestBulkFilter.shape, { reason: changeRequestReasonField });
export const changeRequestBulkDecisions = { approve: 1, reject: 2 } as const;
export type ChangeRequestBulkDecision = keyof typeof changeRequestBulkDecisions;
export const changeRequestBulkDecisionList = Object.keys(changeRequestBulkDecisions) as ChangeRequestBulkDecision[];

export const bulkPaths = {
  providerDeactivate: (slug: ProviderKindSlug) => `${providerPaths.list(slug)}/bulk/deactivate`,
  usersDeactivate: `${userPaths.list}/bulk/deactivate`,
  usersReactivate: `${userPaths.deactivated}/bulk/reactivate`,
  licenses: (decision: LicenseBulkDecision) => `${licensePaths.list}/bulk/${decision}`,
  changeRequests: (decision: ChangeRequestBulkDecision) => `${changeRequestPaths.list}/bulk/${decision}`,
};

/** The answers of the bulk actions (plural-aware, with the count), and their refusals. */
export const bulkMessages = defineMessages({
  providersDeactivated: {
    en: '{count, plural, one {# provider deactivated} other {# providers deactivated}}',
    ar: '{count, plural, zero {لم يُلغَ تفعيل أي مقدم خدمة} one {تم إلغاء تفعيل مقدم خدمة واحد} two {تم إلغاء تفعيل مقدمَي خدمة} few {تم إلغاء تفعيل # مقدمي خدمة} many {تم إلغاء تفعيل # مقدم خدمة} other {تم إلغاء تفعيل # مقدم خدمة}}',
  },
  usersDeactivated: {
    en: '{count, plural, one {# account deactivated} other {# accounts deactivated}}',
    ar: '{count, plural, zero {لم يُلغَ تفعيل أي حساب} one {تم إلغاء تفعيل حساب واحد} two {تم إلغاء تفعيل حسابين} few {تم إلغاء تفعيل # حسابات} many {تم إلغاء تفعيل # حسابًا} other {تم إلغاء تفعيل # حساب}}',
  },
  usersReactivated: {
    en: '{count, plural, one {# account reactivated} other {# accounts reactivated}}',
    ar: '{count, plural, zero {لم يُعَد تفعيل أي حساب} one {تمت إعادة تفعيل حساب واحد} two {تمت إعادة تفعيل حسابين} few {تمت إعادة تفعيل # حسابات} many {تمت إعادة تفعيل # حسابًا} other {تمت إعادة تفعيل # حساب}}',
  },
  licensesApproved: {
    en: '{count, plural, one {# license accepted} other {# licenses accepted}}',
    ar: '{count, plural, zero {لم يُقبل أي ترخيص} one {تم قبول ترخيص واحد} two {تم قبول ترخيصين} few {تم قبول # تراخيص} many {تم قبول # ترخيصًا} other {تم قبول # ترخيص}}',
  },
  licensesRejected: {
    en: '{count, plural, one {# license rejected} other {# licenses rejected}}',
    ar: '{count, plural, zero {لم يُرفض أي ترخيص} one {تم رفض ترخيص واحد} two {تم رفض ترخيصين} few {تم رفض # تراخيص} many {تم رفض # ترخيصًا} other {تم رفض # ترخيص}}',
  },
  changeRequestsApproved: {
    en: '{count, plural, one {# request accepted} other {# requests accepted}}',
    ar: '{count, plural, zero {لم يُقبل أي طلب} one {تم قبول طلب واحد} two {تم قبول طلبين} few {تم قبول # طلبات} many {تم قبول # طلبًا} other {تم قبول # طلب}}',
  },
  changeRequestsRejected: {
    en: '{count, plural, one {# request rejected} other {# requests rejected}}',
    ar: '{count, plural, zero {لم يُرفض أي طلب} one {تم رفض طلب واحد} two {تم رفض طلبين} few {تم رفض # طلبات} many {تم رفض # طلبًا} other {تم رفض # طلب}}',
  },
  accountNotInList: { en: 'Account {id} is not in this list.', ar: 'الحساب {id} ليس في هذه القائمة.' },
  licenseNotInList: { en: 'License {id} is not in this list.', ar: 'الترخيص {id} ليس في هذه القائمة.' },
  changeRequestNotInList: { en: 'Request {id} is not in this list.', ar: 'الطلب {id} ليس في هذه القائمة.' },
  changeRequestNotApplicable: {
    en: 'Request {id} cannot be applied: {reason}',
    ar: 'لا يمكن تطبيق الطلب {id}: {reason}',
  },
});
