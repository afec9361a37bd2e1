/** التخصصات (القائمة ونموذج الإضافة). */
export default {
  listTitle: 'التخصصات',
  addButton: 'إضافة تخصص',
  addTitle: 'إضافة تخصص',
  editTitle: 'تعديل التخصص',
  submitAdd: 'إضافة التخصص',
  submitUpdate: 'تحديث التخصص',
  nameAr: 'الاسم بالعربية',
  nameEn: 'الاسم بالإنجليزية',
  searchPlaceholder: 'ابحث في التخصصات…',
  empty: 'لا توجد تخصصات',
  fetchError: 'تعذّر تحميل التخصصات.',
  loadOneError: 'تعذر تحميل هذا التخصص.',
  added: 'تمت إضافة التخصص بنجاح!',
  updated: 'تم تحديث التخصص بنجاح!',
  deleted: 'تم حذف التخصص',
};
