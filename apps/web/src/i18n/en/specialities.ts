/** Specialities (list and the addSpeciality form). */
export default {
  listTitle: 'Specialities',
  addButton: 'Add Speciality',
  addTitle: 'Add Speciality',
  editTitle: 'Edit Speciality',
  submitAdd: 'Add Speciality',
  submitUpdate: 'Update Speciality',
  nameAr: 'Arabic name',
  nameEn: 'English name',
  searchPlaceholder: 'Search specialities…',
  empty: 'No specialities found',
  fetchError: 'Error fetching Medical Centers.',
  loadOneError: 'This speciality could not be loaded.',
  added: 'Speciality added successfully!',
  updated: 'Speciality updated successfully!',
  deleted: 'Speciality Deleted',
};
