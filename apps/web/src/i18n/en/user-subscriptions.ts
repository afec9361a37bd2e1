/** User subscriptions. */
export default {
  title: 'User Subscription',
  user: 'User',
  plan: 'Plan',
  pricePaid: 'Price paid',
  start: 'Start',
  end: 'End',
  status: 'Status',
  statuses: { active: 'Active', expired: 'Expired', cancelled: 'Cancelled' },
  searchPlaceholder: 'Search by user name, email or phone…',
  empty: 'No subscriptions found',
  fetchError: 'Error fetching data',
};
