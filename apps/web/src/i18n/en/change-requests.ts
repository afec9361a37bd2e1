import { changeRequestRoleLabels, labelsIn } from '@sehha/contract/role-labels';
/** Change requests (spec §4, §7). */
export default {
  title: 'Requests',
  name: 'Name',
  email: 'Email',
  role: 'Role',
  change: 'Requested change',
  status: 'Status',
  accept: 'Accept',
  reject: 'Reject',
  acceptRow: 'Accept the request of {{name}}',
  rejectRow: 'Reject the request of {{name}}',
  decision: {
    accept: {
      title: 'Accept this change request?',
      details: 'The change requested by {{subject}} ({{role}}) will be applied to the account.',
      confirm: 'Yes, accept',
    },
    reject: {
      title: 'Reject this change request?',
      details: 'The change requested by {{subject}} ({{role}}) will be discarded.',
      confirm: 'Yes, reject',
    },
  },
  date: 'Date',
  decidedOn: 'Decided on {{date}}',
  stateFilter: 'Show',
  states: { all: 'All requests', waiting: 'Waiting', decided: 'Decided' },
  empty: 'No requests found',
  fetchError: 'Error fetching data',
  current: 'Current',
  requested: 'Requested',
  noValue: 'none',
  statuses: {
    waiting: 'Waiting For Approval',
    approved: 'Approved',
    rejected: 'Rejected',
    closed: 'Closed',
  },
  roles: labelsIn(changeRequestRoleLabels, 'en'),
  fields: {
    name: 'Name',
    phone: 'Phone',
    whatsapp_phone: 'Whatsapp Phone',
    address: 'Address',
    speciality_id: 'Speciality',
  },
};
