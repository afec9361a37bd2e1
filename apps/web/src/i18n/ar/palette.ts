import { labelsIn, roleLabelsPlural } from '@sehha/contract/role-labels';
export default {
  open: 'بحث',
  title: 'البحث في صحّة',
  placeholder: 'الشاشات والأطباء والصيدليات والمستخدمون… بالاسم أو البريد أو الهاتف',
  screens: 'الشاشات',
  kinds: labelsIn(roleLabelsPlural, 'ar'),
  typeMore: 'اكتب حرفين أو أكثر للبحث في السجلات أيضًا.',
  searching: 'جارٍ البحث في السجلات…',
  nothing: 'لا شيء يطابق «{{q}}».',
  failed: 'تعذّر البحث في السجلات. الشاشات ما زالت معروضة.',
  hint: '↑ ↓ للتنقل · Enter للفتح · Esc للإغلاق',
};
