import { z } from 'zod';
import type { ValidationMessageKey } from './validation-messages';
import { defineMessages } from './messages';

const key = (k: ValidationMessageKey) => ({ error: k });

/** The file formats a list exports to. */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The Content-Type of each format (CSV declares its charset: UTF-8, with a BOM). */
export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** An export refused because this process is writing as many as it may at once (429 with Retry-After). */
export const exportMessages = defineMessages({
  busy: {
    en: 'Other exports are being prepared. Please try again in {seconds, plural, one {# second} other {# seconds}}.',
    ar: 'يجري إعداد تصديرات أخرى. حاول مرة أخرى بعد {seconds, plural, one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}.',
  },
});

/** `{list path}/export`: the list's own path with `/export` appended (before any query string). */
export const exportPath = (listPath: string) => {
  const [path, query] = listPath.split('?');
  return `${path}/export${query === undefined ? '' : `?${query}`}`;
};

/**
 * An export's query: the list's query without paging (every matching row is exported) plus a required
 * `format`; the search, filters and sort mean exactly what they mean on the list.
 */
const formatField = z.enum(exportFormats, key('invalid'));
/** The query of a list that takes none (a list answered whole, plans): the format alone. */
export const formatOnlyQuery = z.object({ format: formatField });
export const exportQuery = <S extends z.ZodRawShape>(listQuery: z.ZodObject<S>) =>
  // A query with refinements (the audit log's from ≤ to) cannot be omitted from: it is kept whole, with
  // the format beside it, and its paging fields (defaults) are ignored. zod's omit() cannot check the mask
  // against a generic shape; the result's type says what it does.
  (listQuery._zod.def.checks?.length
    ? z.intersection(listQuery, formatOnlyQuery)
    : listQuery.omit({ page: true, per_page: true } as never).extend({ format: formatField })) as unknown as z.ZodObject<
    Omit<S, 'page' | 'per_page'> & { format: typeof formatField }
  >;

/** A column header in both languages; the export writes the admin's (Accept-Language). */
export type ExportHeader = { en: string; ar: string };

/** The users lists' columns (active and deactivated), in the order of the file. */
export const userExportHeaders = {
  id: { en: 'ID', ar: 'المعرّف' },
  name: { en: 'Name', ar: 'الاسم' },
  email: { en: 'Email', ar: 'البريد الإلكتروني' },
  phone: { en: 'Phone', ar: 'الهاتف' },
  whatsapp_phone: { en: 'WhatsApp', ar: 'واتساب' },
  role: { en: 'Role', ar: 'الدور' },
  country: { en: 'Country', ar: 'الدولة' },
  is_active: { en: 'Active', ar: 'مفعّل' },
  deactivated_at: { en: 'Deactivated at', ar: 'تاريخ إلغاء التفعيل' },
  created_at: { en: 'Created at', ar: 'تاريخ الإنشاء' },
} satisfies Record<string, ExportHeader>;

/**
 * The other lists' column headers, by field, in both languages; each list picks its columns from here
 * (apps/api/src/modules/exports/routes.ts and the catalog declarations).
 */
export const exportHeaders = {
  id: { en: 'ID', ar: 'المعرّف' },
  name: { en: 'Name', ar: 'الاسم' },
  name_ar: { en: 'Name (Arabic)', ar: 'الاسم بالعربية' },
  name_en: { en: 'Name (English)', ar: 'الاسم بالإنجليزية' },
  title: { en: 'Title', ar: 'العنوان' },
  title_ar: { en: 'Title (Arabic)', ar: 'العنوان بالعربية' },
  title_en: { en: 'Title (English)', ar: 'العنوان بالإنجليزية' },
  email: { en: 'Email', ar: 'البريد الإلكتروني' },
  phone: { en: 'Phone', ar: 'الهاتف' },
  whatsapp_phone: { en: 'WhatsApp', ar: 'واتساب' },
  address: { en: 'Address', ar: 'العنوان التفصيلي' },
  kind: { en: 'Type', ar: 'النوع' },
  status: { en: 'Status', ar: 'الحالة' },
  is_active: { en: 'Active', ar: 'مفعّل' },
  is_special: { en: 'Featured', ar: 'مميز' },
  country: { en: 'Country', ar: 'الدولة' },
  city: { en: 'City', ar: 'المدينة' },
  speciality: { en: 'Speciality', ar: 'التخصص' },
  category: { en: 'Category', ar: 'الفئة' },
  mobile_prefix: { en: 'Dialling code', ar: 'مفتاح الاتصال' },
  appointments_count: { en: 'Appointments', ar: 'المواعيد' },
  doctors_count: { en: 'Doctors', ar: 'الأطباء' },
  subscriptions_count: { en: 'Subscriptions', ar: 'الاشتراكات' },
  provider: { en: 'Provider', ar: 'مقدم الخدمة' },
  provider_kind: { en: 'Provider type', ar: 'نوع مقدم الخدمة' },
  pharmacy: { en: 'Pharmacy', ar: 'الصيدلية' },
  facility: { en: 'Facility', ar: 'المنشأة' },
  user: { en: 'User', ar: 'المستخدم' },
  user_email: { en: 'User email', ar: 'بريد المستخدم' },
  user_phone: { en: 'User phone', ar: 'هاتف المستخدم' },
  number: { en: 'Number', ar: 'الرقم' },
  expires_on: { en: 'Expires on', ar: 'تاريخ الانتهاء' },
  expired: { en: 'Expired', ar: 'منتهي' },
  note: { en: 'Note', ar: 'ملاحظة' },
  plan: { en: 'Plan', ar: 'الباقة' },
  price: { en: 'Price', ar: 'السعر' },
  price_paid: { en: 'Paid', ar: 'المبلغ المدفوع' },
  currency: { en: 'Currency', ar: 'العملة' },
  period: { en: 'Period', ar: 'المدة' },
  starts_at: { en: 'Starts at', ar: 'تاريخ البدء' },
  ends_at: { en: 'Ends at', ar: 'تاريخ الانتهاء' },
  available_from: { en: 'Available from', ar: 'متاحة من' },
  in_stock: { en: 'In stock', ar: 'متوفر' },
  link: { en: 'Link', ar: 'الرابط' },
  sort_order: { en: 'Order', ar: 'الترتيب' },
  appointment_time: { en: 'Time', ar: 'الموعد' },
  type: { en: 'Type', ar: 'النوع' },
  reference: { en: 'Reference', ar: 'المرجع' },
  amount: { en: 'Amount', ar: 'المبلغ' },
  changes: { en: 'Requested changes', ar: 'التعديلات المطلوبة' },
  decided_at: { en: 'Decided at', ar: 'تاريخ القرار' },
  reason: { en: 'Reason', ar: 'السبب' },
  admin: { en: 'Admin', ar: 'المشرف' },
  admin_role: { en: 'Role', ar: 'الدور' },
  action: { en: 'Action', ar: 'الإجراء' },
  entity: { en: 'Record', ar: 'السجل' },
  entity_id: { en: 'Record ID', ar: 'معرّف السجل' },
  record_name: { en: 'Record name', ar: 'اسم السجل' },
  before: { en: 'Before', ar: 'قبل' },
  after: { en: 'After', ar: 'بعد' },
  deactivated_at: { en: 'Deactivated at', ar: 'تاريخ إلغاء التفعيل' },
  created_at: { en: 'Created at', ar: 'تاريخ الإنشاء' },
  updated_at: { en: 'Updated at', ar: 'تاريخ التعديل' },
  reader: { en: 'Reader', ar: 'من اطّلع' },
  actor_kind: { en: 'Reader type', ar: 'نوع المطّلع' },
  purpose: { en: 'Purpose', ar: 'الغرض' },
  subjects: { en: 'Whose data', ar: 'أصحاب البيانات' },
  subject_count: { en: 'People', ar: 'عدد الأشخاص' },
  record_ids: { en: 'Records', ar: 'السجلات' },
  route: { en: 'Route', ar: 'المسار' },
  ip_address: { en: 'IP address', ar: 'عنوان IP' },
  channel: { en: 'Received by', ar: 'وسيلة الاستلام' },
  due_at: { en: 'Deadline', ar: 'الموعد النهائي' },
  overdue: { en: 'Overdue', ar: 'متأخر' },
  handled_by: { en: 'Handled by', ar: 'تولّاه' },
  completed_at: { en: 'Completed at', ar: 'تاريخ الإنجاز' },
} satisfies Record<string, ExportHeader>;
export type ExportHeaderKey = keyof typeof exportHeaders;

/** Yes/no cells (booleans) in the export's language. */
export const exportBooleanLabels = {
  true: { en: 'Yes', ar: 'نعم' },
  false: { en: 'No', ar: 'لا' },
} satisfies Record<'true' | 'false', ExportHeader>;

/** Words several status vocabularies share, written once. */
const accepted: ExportHeader = { en: 'Accepted', ar: 'مقبول' };
const rejected: ExportHeader = { en: 'Rejected', ar: 'مرفوض' };
const cancelled: ExportHeader = { en: 'Cancelled', ar: 'ملغى' };

/**
 * The statuses a list exports, by vocabulary, in the screens' own words (apps/web/src/i18n): a word can differ
 * between vocabularies (an appointment "completed" is a visit that took place), so a column names its vocabulary.
 */
export const exportStatusLabels = {
  provider: { pending: { en: 'Pending', ar: 'قيد المراجعة' }, approved: accepted, rejected, onHold: { en: 'On hold', ar: 'معلّق مؤقتًا' } },
  appointment: {
    held: { en: 'Awaiting payment', ar: 'بانتظار الدفع' },
    booked: { en: 'Booked', ar: 'محجوز' },
    completed: { en: 'Completed', ar: 'تمت الزيارة' },
    no_show: { en: 'No-show', ar: 'لم يحضر' },
    cancelled,
  },
  payment: {
    pending: { en: 'Pending', ar: 'قيد الانتظار' },
    paid: { en: 'Paid', ar: 'مدفوع' },
    failed: { en: 'Failed', ar: 'فشل' },
    expired: { en: 'Expired', ar: 'منتهي' },
  },
  subscription: { active: { en: 'Active', ar: 'ساري' }, expired: { en: 'Expired', ar: 'منتهي' }, cancelled },
  data_request: {
    received: { en: 'Received', ar: 'مستلم' },
    in_progress: { en: 'In progress', ar: 'قيد التنفيذ' },
    completed: { en: 'Completed', ar: 'مكتمل' },
    rejected,
  },
  /** change_requests.status is a number (0 waiting, 1 approved, 2 rejected). */
  change_request: { 0: { en: 'Waiting For Approval', ar: 'بانتظار القبول' }, 1: accepted, 2: rejected },
} satisfies Record<string, Record<string, ExportHeader>>;
export type ExportStatusVocabulary = keyof typeof exportStatusLabels;

/**
 * The XLSX sheet's name: the list's name in the export's language, by the file's name (`doctors`); a list not
 * named here gets its file name. Excel allows 31 characters and none of `: \ / ? * [ ]`.
 */
export const exportSheetNames: Record<string, ExportHeader> = {
  users: { en: 'Users', ar: 'المستخدمون' },
  'deactivated-users': { en: 'Deactivated users', ar: 'المستخدمون غير المفعّلين' },
  doctors: { en: 'Doctors', ar: 'الأطباء' },
  pharmacies: { en: 'Pharmacies', ar: 'الصيدليات' },
  hospitals: { en: 'Medical institutions', ar: 'المؤسسات الطبية' },
  'medical-centers': { en: 'Medical centers', ar: 'المراكز الطبية' },
  companies: { en: 'Companies', ar: 'الشركات' },
  licenses: { en: 'Licenses', ar: 'التراخيص' },
  'change-requests': { en: 'Change requests', ar: 'طلبات التعديل' },
  'audit-log': { en: 'Audit log', ar: 'سجل التدقيق' },
  'audit-history': { en: 'Record history', ar: 'السجل التاريخي' },
  'access-log': { en: 'Access log', ar: 'سجل الاطلاع' },
  admins: { en: 'Admins', ar: 'المشرفون' },
  'facility-units': { en: 'Facility units', ar: 'أقسام المنشأة' },
  'unit-doctors': { en: 'Unit doctors', ar: 'أطباء القسم' },
  'data-requests': { en: 'Data requests', ar: 'طلبات البيانات' },
  'pharmacy-branches': { en: 'Pharmacy branches', ar: 'فروع الصيدليات' },
  plans: { en: 'Subscription plans', ar: 'باقات الاشتراك' },
  'user-subscriptions': { en: 'User subscriptions', ar: 'اشتراكات المستخدمين' },
  'home-ads': { en: 'Home ads', ar: 'إعلانات الصفحة الرئيسية' },
  'provider-ads': { en: 'Provider ads', ar: 'إعلانات مقدمي الخدمة' },
  medicines: { en: 'Medicines', ar: 'الأدوية' },
  prescriptions: { en: 'Prescriptions', ar: 'الوصفات الطبية' },
  countries: { en: 'Countries', ar: 'الدول' },
  cities: { en: 'Cities', ar: 'المدن' },
  states: { en: 'States', ar: 'المناطق' },
  specialities: { en: 'Specialities', ar: 'التخصصات' },
  'pharmacy-categories': { en: 'Pharmacy categories', ar: 'فئات الصيدليات' },
  'institution-types': { en: 'Institution types', ar: 'أنواع المؤسسات' },
  'appointments-doctor': { en: 'Doctor appointments', ar: 'مواعيد الطبيب' },
  'appointments-hospital': { en: 'Hospital appointments', ar: 'مواعيد المستشفى' },
  'appointments-medical-center': { en: 'Center appointments', ar: 'مواعيد المركز الطبي' },
  appointments: { en: 'Appointments', ar: 'المواعيد' },
  payments: { en: 'Payments', ar: 'المدفوعات' },
};

/** XLSX column widths (characters) by header; others get their header's length, at least 12. */
export const exportColumnWidths: Partial<Record<ExportHeaderKey, number>> = {
  id: 10,
  name: 28,
  name_ar: 28,
  name_en: 28,
  title: 28,
  title_ar: 28,
  title_en: 28,
  email: 32,
  user_email: 32,
  phone: 18,
  whatsapp_phone: 18,
  user_phone: 18,
  address: 40,
  changes: 48,
  reason: 32,
  note: 32,
  before: 60,
  after: 60,
  record_name: 28,
  admin: 24,
  user: 24,
  provider: 28,
  subjects: 32,
  record_ids: 24,
  route: 36,
  created_at: 18,
  updated_at: 18,
  deactivated_at: 18,
  decided_at: 18,
  completed_at: 18,
  due_at: 18,
  starts_at: 18,
  ends_at: 18,
  appointment_time: 18,
};
