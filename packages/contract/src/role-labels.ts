import type { accountRoles, adminRoles } from './status-codes';

type AccountRole = (typeof accountRoles)[number];
type AdminRole = (typeof adminRoles)[number];

type Label = { en: string; ar: string };
export type LabelLanguage = keyof Label;

/**
 * One label per account role, in both languages: a provider kind is the role of its account, so the users'
 * roles, the provider directories, the licenses and the appointments all name a kind with these.
 */
export const roleLabels = {
  admin: { en: 'Admin', ar: 'مشرف' },
  user: { en: 'User', ar: 'مستخدم' },
  doctor: { en: 'Doctor', ar: 'طبيب' },
  pharmacy: { en: 'Pharmacy', ar: 'صيدلية' },
  hospital: { en: 'Medical Institution', ar: 'مؤسسة طبية' },
  medical_center: { en: 'Medical Center', ar: 'مركز طبي' },
  company: { en: 'Company', ar: 'شركة' },
} as const satisfies Record<AccountRole, Label>;

/** What an admin account may do (users.admin_role): the admins screen's and its export's words. */
export const adminRoleLabels = {
  super_admin: { en: 'Super admin', ar: 'مشرف عام' },
  reviewer: { en: 'Reviewer', ar: 'مراجع' },
  viewer: { en: 'Viewer', ar: 'مشاهد' },
} as const satisfies Record<AdminRole, Label>;

/** The same roles in the plural, as a group of records is headed (the command palette's results). */
export const roleLabelsPlural = {
  admin: { en: 'Admins', ar: 'المشرفون' },
  user: { en: 'Users', ar: 'المستخدمون' },
  doctor: { en: 'Doctors', ar: 'الأطباء' },
  pharmacy: { en: 'Pharmacies', ar: 'الصيدليات' },
  hospital: { en: 'Medical Institutions', ar: 'المؤسسات الطبية' },
  medical_center: { en: 'Medical Centers', ar: 'المراكز الطبية' },
  company: { en: 'Companies', ar: 'الشركات' },
} as const satisfies Record<AccountRole, Label>;

/**
 * The spec's exceptions (§6, change requests table): a hospital is shown as "Medical Institute", and only these
 * five roles are named; any other shows "N/A". Everything else is `roleLabels`.
 */
export const changeRequestRoleLabels = {
  hospital: { en: 'Medical Institute', ar: roleLabels.hospital.ar },
  doctor: roleLabels.doctor,
  user: roleLabels.user,
  pharmacy: roleLabels.pharmacy,
  company: roleLabels.company,
  other: { en: 'N/A', ar: 'غير محدد' },
} as const satisfies Record<string, Label>;

/** A label catalog in one language (`{ hospital: 'Medical Institution', … }`), as an i18n namespace holds it. */
export const labelsIn = <K extends string>(labels: Record<K, Label>, lng: LabelLanguage): Record<K, string> =>
  Object.fromEntries(Object.entries<Label>(labels).map(([key, label]) => [key, label[lng]])) as Record<K, string>;
