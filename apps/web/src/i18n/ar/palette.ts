import { labelsIn, roleLabelsPlural } from '@sehha/contract/role-labels';
export default {
  open: 'بحث',
  title: 'البحث في صحّة',
  placeholder: 'الشاشات والأطباء والصيدليات والمستخدمون… بالاسم أو البريد أو الهاتف',
  screens: 'الشاشات',
  kinds: labelsIn(roleLabelsPlural, 'ar'),
  typeMore: 'اكتب حرفين أو أكثر للبحث أيضًا عن الأطباء والصيدليات والمستخدمين.',
  searching: 'جارٍ البحث…',
  nothing: 'لا شيء يطابق «{{q}}».',
  failed: 'تعذّر البحث عن الأطباء والصيدليات والمستخدمين، لكن يمكنك فتح الشاشات المعروضة.',
  hint: '↑ ↓ للتنقل · Enter للفتح · Esc للإغلاق',
};
