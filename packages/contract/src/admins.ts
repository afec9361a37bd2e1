import { z } from 'zod';
import { listQuery, nameField } from './fields';
import { envelope, paginator } from './envelope';
import { loginRequest } from './auth';
import { adminRoleSchema } from './status-codes';
import { defineMessages } from './messages';

/** Admin accounts (role `admin`) and their admin roles: super admins only (permission `admins.manage`). */
export const adminPaths = {
  list: '/api/admin/admins',
  create: '/api/admin/admins',
  deactivate: (id: number | string) => `/api/admin/admins/${id}/deactivate`,
  reactivate: (id: number | string) => `/api/admin/admins/${id}/reactivate`,
  resetPassword: (id: number | string) => `/api/admin/admins/${id}/reset-password`,
  role: (id: number | string) => `/api/admin/admins/${id}/role`,
} as const;

export const adminAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  admin_role: adminRoleSchema,
  is_active: z.boolean(),
  deactivated_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccount>;

export const adminListQuery = listQuery(15);
export const adminListResponse = envelope(paginator(adminAccount));
export const adminResponse = envelope(adminAccount);
/** A new or reset account answers its temporary password once; it is stored only as a hash. */
export const adminWithPasswordResponse = envelope(adminAccount.extend({ temporary_password: z.string() }));

const adminRoleField = z.enum(adminRoleSchema.options, { error: 'invalid' });

export const createAdminInput = z.object({ name: nameField(), email: loginRequest.shape.email, admin_role: adminRoleField });
export type CreateAdminInput = z.input<typeof createAdminInput>;

export const changeAdminRoleInput = z.object({ admin_role: adminRoleField });
export type ChangeAdminRoleInput = z.input<typeof changeAdminRoleInput>;

export const adminMessages = defineMessages({
  created: {
    en: 'Admin created successfully. Share the temporary password now: it will not be shown again.',
    ar: 'تم إنشاء المشرف بنجاح. شارك كلمة المرور المؤقتة الآن: لن تظهر مرة أخرى.',
  },
  deactivated: { en: 'Admin deactivated successfully.', ar: 'تم إلغاء تفعيل المشرف بنجاح.' },
  reactivated: { en: 'Admin reactivated successfully.', ar: 'تمت إعادة تفعيل المشرف بنجاح.' },
  passwordReset: {
    en: 'Password reset. Share the temporary password now: it will not be shown again.',
    ar: 'تمت إعادة تعيين كلمة المرور. شارك كلمة المرور المؤقتة الآن: لن تظهر مرة أخرى.',
  },
  roleChanged: { en: 'Role changed successfully.', ar: 'تم تغيير الدور بنجاح.' },
  notFound: { en: 'Admin not found.', ar: 'المشرف غير موجود.' },
  lastSuperAdmin: {
    en: 'This is the last active super admin: make another admin a super admin first.',
    ar: 'هذا آخر مشرف عام مفعّل: اجعل مشرفًا آخر مشرفًا عامًا أولًا.',
  },
  notSelf: { en: 'You cannot deactivate your own account.', ar: 'لا يمكنك إلغاء تفعيل حسابك.' },
  notSelfPassword: { en: 'You cannot reset your own password here.', ar: 'لا يمكنك إعادة تعيين كلمة مرورك من هنا.' },
  alreadyDeactivated: { en: 'This admin is already deactivated.', ar: 'هذا المشرف غير مفعّل بالفعل.' },
  alreadyActive: { en: 'This admin is already active.', ar: 'هذا المشرف مفعّل بالفعل.' },
});
