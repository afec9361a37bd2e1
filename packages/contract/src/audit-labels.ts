import type { AuditAction, AuditEntity } from './audit-logs';

type Label = { en: string; ar: string };

/**
 * The audit log's actions in both languages, as its screen and its export name them. `hold` is no stored action:
 * it is how a status change to `onHold` reads (auditActionOf).
 */
export const auditActionLabels = {
  hold: { en: 'Put on hold', ar: 'تعليق مؤقت' },
  create: { en: 'Created', ar: 'إنشاء' },
  update: { en: 'Updated', ar: 'تعديل' },
  delete: { en: 'Deleted', ar: 'حذف' },
  archive: { en: 'Archived', ar: 'أرشفة' },
  status: { en: 'Status changed', ar: 'تغيير الحالة' },
  approve: { en: 'Accepted', ar: 'قبول' },
  reject: { en: 'Rejected', ar: 'رفض' },
  deactivate: { en: 'Deactivated', ar: 'إلغاء التفعيل' },
  deactivate_all: { en: 'Deactivated (bulk)', ar: 'إلغاء تفعيل جماعي' },
  reactivate: { en: 'Reactivated', ar: 'إعادة التفعيل' },
  reactivate_all: { en: 'Reactivated (bulk)', ar: 'إعادة تفعيل جماعية' },
  undo: { en: 'Decision undone', ar: 'تراجع عن قرار' },
  change_role: { en: 'Role changed', ar: 'تغيير الدور' },
  reset_password: { en: 'Password reset', ar: 'إعادة تعيين كلمة المرور' },
  export: { en: 'Exported', ar: 'تصدير' },
  view: { en: 'Viewed', ar: 'عرض' },
  retention: { en: 'Deleted (retention)', ar: 'حذف بانتهاء مدة الاحتفاظ' },
  run: { en: 'Carried out', ar: 'تنفيذ' },
  note: { en: 'Note added', ar: 'إضافة ملاحظة' },
  retry: { en: 'Sent again', ar: 'إعادة الإرسال' },
} as const satisfies Record<AuditAction | 'hold', Label>;
export type AuditActionLabel = keyof typeof auditActionLabels;

/** The kinds of records the log names, in both languages (the screen's record column and filter, the export's). */
export const auditEntityLabels = {
  provider: { en: 'Provider', ar: 'مقدم خدمة' },
  provider_ad: { en: 'Provider ad', ar: 'إعلان مقدم خدمة' },
  license: { en: 'License', ar: 'ترخيص' },
  change_request: { en: 'Change request', ar: 'طلب تعديل' },
  user: { en: 'Account', ar: 'حساب' },
  speciality: { en: 'Speciality', ar: 'تخصص' },
  pharmacy_category: { en: 'Pharmacy category', ar: 'فئة صيدليات' },
  institution_type: { en: 'Institution type', ar: 'نوع مؤسسة' },
  country: { en: 'Country', ar: 'دولة' },
  city: { en: 'City', ar: 'مدينة' },
  state: { en: 'State', ar: 'منطقة' },
  home_ad: { en: 'Home ad', ar: 'إعلان الصفحة الرئيسية' },
  subscription_plan: { en: 'Subscription plan', ar: 'باقة اشتراك' },
  admin: { en: 'Admin', ar: 'مشرف' },
  appointment: { en: 'Appointment', ar: 'موعد' },
  prescription: { en: 'Prescription', ar: 'وصفة طبية' },
  user_subscription: { en: 'User subscription', ar: 'اشتراك مستخدم' },
  audit_log: { en: 'Audit log entry', ar: 'سجل تدقيق' },
  pharmacy_branch: { en: 'Pharmacy branch', ar: 'فرع صيدلية' },
  medicine: { en: 'Medicine', ar: 'دواء' },
  facility_unit: { en: 'Facility unit', ar: 'وحدة منشأة' },
  provider_attachment: { en: 'Provider attachment', ar: 'مرفق مقدم خدمة' },
  retention: { en: 'Data retention', ar: 'الاحتفاظ بالبيانات' },
  data_request: { en: 'Data request', ar: 'طلب بيانات' },
  notification: { en: 'Notification', ar: 'إشعار' },
} as const satisfies Record<AuditEntity, Label>;

/**
 * The action as the admin took it: a decision is stored as a status change (`status`, the new status in `after`)
 * and is named for the decision ("Rejected"), as the log's filter finds it. Any other action is itself.
 */
export function auditActionOf(entry: { action: string; after: unknown }): string {
  if (entry.action !== 'status') return entry.action;
  const after = entry.after;
  const status = after && typeof after === 'object' && !Array.isArray(after) ? (after as Record<string, unknown>).status : undefined;
  return status === 'approved' ? 'approve' : status === 'rejected' ? 'reject' : status === 'onHold' ? 'hold' : 'status';
}
