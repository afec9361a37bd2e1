/** Pharmacy categories (list, the Categories side of the Pharmacies tabs, and the addCategory form). */
export default {
  listTitle: 'Categories',
  addButton: 'Add Category',
  addTitle: 'Add Category',
  editTitle: 'Edit Category',
  submitAdd: 'Add Category',
  submitUpdate: 'Update Category',
  nameAr: 'Arabic name',
  nameEn: 'English name',
  searchPlaceholder: 'Search categories…',
  empty: 'No categories found',
  fetchError: 'Error fetching categories.',
  loadOneError: 'This category could not be loaded.',
  added: 'Category added successfully!',
  updated: 'Category Updated successfully!',
  deleted: 'Category Deleted',
};
