/** The home screen's endpoints, apart from the schemas: the dashboard imports them without loading zod. */
export const homePaths = {
  stats: '/api/admin/home/stats',
  revenue: '/api/admin/home/revenue',
  operations: '/api/admin/home/operations',
};
