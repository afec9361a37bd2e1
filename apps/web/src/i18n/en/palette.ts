export default {
  open: 'Search',
  title: 'Search Sehha',
  placeholder: 'Screens, doctors, pharmacies, users… by name, email or phone',
  screens: 'Screens',
  kinds: {
    doctor: 'Doctors',
    pharmacy: 'Pharmacies',
    hospital: 'Medical Institutions',
    medical_center: 'Medical Centers',
    company: 'Companies',
    user: 'Users',
  },
  typeMore: 'Type 2 characters or more to search records too.',
  searching: 'Searching records…',
  nothing: 'Nothing matches “{{q}}”.',
  failed: 'The record search failed. Screens are still listed.',
  hint: '↑ ↓ to move · Enter to open · Esc to close',
};
