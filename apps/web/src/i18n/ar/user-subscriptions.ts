/** اشتراكات المستخدمين. */
export default {
  title: 'اشتراكات المستخدمين',
  user: 'المستخدم',
  plan: 'الباقة',
  pricePaid: 'المبلغ المدفوع',
  start: 'البداية',
  end: 'النهاية',
  status: 'الحالة',
  statuses: { active: 'ساري', expired: 'منتهي', cancelled: 'ملغى' },
  searchPlaceholder: 'ابحث باسم المستخدم أو بريده أو هاتفه…',
  empty: 'لا توجد اشتراكات',
  fetchError: 'تعذّر تحميل اشتراكات المستخدمين.',
};
