/** فئات الصيدليات (القائمة وتبويب الفئات في شاشة الصيدليات ونموذج الإضافة). */
export default {
  listTitle: 'الفئات',
  addButton: 'إضافة فئة',
  addTitle: 'إضافة فئة',
  editTitle: 'تعديل الفئة',
  submitAdd: 'إضافة الفئة',
  submitUpdate: 'تحديث الفئة',
  nameAr: 'الاسم بالعربية',
  nameEn: 'الاسم بالإنجليزية',
  searchPlaceholder: 'ابحث في الفئات…',
  empty: 'لا توجد فئات',
  fetchError: 'تعذّر تحميل الفئات.',
  loadOneError: 'تعذر تحميل هذه الفئة.',
  added: 'تمت إضافة الفئة بنجاح!',
  updated: 'تم تحديث الفئة بنجاح!',
  deleted: 'تم حذف الفئة',
};
