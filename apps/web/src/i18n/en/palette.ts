import { labelsIn, roleLabelsPlural } from '@sehha/contract/role-labels';
export default {
  open: 'Search',
  title: 'Search Sehha',
  placeholder: 'Screens, doctors, pharmacies, users… by name, email or phone',
  screens: 'Screens',
  kinds: labelsIn(roleLabelsPlural, 'en'),
  typeMore: 'Type 2 characters or more to search records too.',
  searching: 'Searching records…',
  nothing: 'Nothing matches “{{q}}”.',
  failed: 'The record search failed. Screens are still listed.',
  hint: '↑ ↓ to move · Enter to open · Esc to close',
};
