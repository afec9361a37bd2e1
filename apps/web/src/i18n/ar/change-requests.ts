import { changeRequestRoleLabels, labelsIn } from '@sehha/contract/role-labels';
/** طلبات التعديل. */
export default {
  title: 'طلبات التعديل',
  name: 'الاسم',
  email: 'البريد الإلكتروني',
  role: 'نوع الحساب',
  change: 'التعديل المطلوب',
  status: 'الحالة',
  accept: 'قبول',
  reject: 'رفض',
  acceptRow: 'قبول طلب {{name}}',
  rejectRow: 'رفض طلب {{name}}',
  decision: {
    accept: {
      title: 'هل تريد قبول طلب التعديل هذا؟',
      details: 'سيُطبَّق التعديل الذي طلبه {{subject}} ({{role}}) على الحساب.',
      confirm: 'نعم، اقبل',
    },
    reject: {
      title: 'هل تريد رفض طلب التعديل هذا؟',
      details: 'سيُرفض التعديل الذي طلبه {{subject}} ({{role}}) ولن يُطبَّق.',
      confirm: 'نعم، ارفض',
    },
  },
  date: 'التاريخ',
  decidedOn: 'تم البت فيه في {{date}}',
  stateFilter: 'عرض',
  states: { all: 'كل الطلبات', waiting: 'بانتظار القرار', decided: 'تم البت فيها' },
  empty: 'لا توجد طلبات تعديل',
  fetchError: 'تعذّر تحميل البيانات',
  current: 'الحالي',
  requested: 'المطلوب',
  noValue: 'لا يوجد',
  statuses: {
    waiting: 'بانتظار القبول',
    approved: 'مقبول',
    rejected: 'مرفوض',
    closed: 'مغلق',
  },
  roles: labelsIn(changeRequestRoleLabels, 'ar'),
  fields: {
    name: 'الاسم',
    phone: 'الهاتف',
    whatsapp_phone: 'رقم واتساب',
    address: 'العنوان',
    speciality_id: 'التخصص',
  },
};
