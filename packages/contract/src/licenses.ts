import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { listQuery, nameFields } from './fields';
import { licenseStatusSchema, providerKindSchema, type LicenseStatus } from './status-codes';
import { signedDocument } from './providers';

/**
 * The license review queue (route `license`): every provider's license document, newest first.
 * Transitions: pending → approved | rejected; approved → rejected; rejected → approved.
 * "Expired" is not a status: it is derived from expires_on (before today in the server's time zone).
 */
export const licenseStatusTransitions: Record<LicenseStatus, readonly LicenseStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};

export const licenseItem = z.object({
  id: z.number().int(),
  number: z.string(),
  provider: z.object({ id: z.number().int(), kind: providerKindSchema, ...nameFields }),
  document: signedDocument,
  expires_on: z.string(),
  expired: z.boolean(),
  status: licenseStatusSchema,
  created_at: z.string(),
});
export type LicenseItem = z.infer<typeof licenseItem>;

export const licenseListQuery = listQuery(10).extend({
  status: licenseStatusSchema.optional(),
  expired: z.enum(['1', '0']).optional(),
  /** Approved licences still valid that expire within 30 days (today included): the operations home's card. */
  expiring: z.enum(['30']).optional(),
});
export const licenseListResponse = envelope(paginator(licenseItem));
/** A decision: any status but the initial `pending`. */
export const licenseStatusInput = z.object({ status: licenseStatusSchema.exclude(['pending'], { error: 'statusInvalid' }) });
export const licenseResponse = envelope(licenseItem.pick({ id: true, status: true }));

export const licensePaths = {
  list: '/api/admin/licenses',
  status: (id: number | string) => `/api/admin/licenses/status/${id}`,
  /** Takes back the admin's own latest decision on the license, within undoWindowSeconds (the toast's Undo). */
  undoStatus: (id: number | string) => `/api/admin/licenses/status/${id}/undo`,
};
