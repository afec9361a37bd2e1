import type { AdminRole } from './status-codes';

/**
 * What an admin may do, by admin role. The API enforces it (every admin route declares one permission in
 * `adminRoutePermissions`, route-permissions.ts; the admin scope refuses to start with a route missing there, and answers 403
 * when the admin's role lacks the route's permission); the dashboard reads the same table to hide what
 * the role cannot use. The API is the real guard.
 */
export const permissions = [
  /** Every list, detail, export and search. */
  'read',
  /** The admin's own account, security and sessions: every role may use it. */
  'self',
  /** Approve, reject or hold a provider. */
  'providers.decide',
  /** Approve or reject a license. */
  'licenses.decide',
  /** Approve or reject a change request. */
  'changeRequests.decide',
  /** Create, edit and toggle catalogs and ads; deactivate and reactivate providers and users. */
  'records.manage',
  /** Delete a record (catalogs, ads, provider ads). */
  'records.delete',
  /** Subscription plans. */
  'plans.manage',
  /** Countries, cities and states. */
  'locations.manage',
  /** Admin accounts and their roles. */
  'admins.manage',
  /** Send a failed notification (SMS, email) again. */
  'notifications.retry',
  /** The access log (who read whose health data) and people's data requests (access, erasure, correction). */
  'privacy.manage',
] as const;
export type Permission = (typeof permissions)[number];

export const rolePermissions: Record<AdminRole, readonly Permission[]> = {
  super_admin: permissions,
  reviewer: ['read', 'self', 'providers.decide', 'licenses.decide', 'changeRequests.decide'],
  viewer: ['read', 'self'],
};

export const roleAllows = (role: AdminRole, permission: Permission | undefined) =>
  permission !== undefined && rolePermissions[role].includes(permission);
