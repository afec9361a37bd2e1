import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { listQuery } from './fields';
import { licenseStatusSchema, providerKinds, type licenseStatuses } from './status-codes';
import { signedDocument } from './providers';

/**
 * The licence review queue (route `license`): every provider's licence document, newest first.
 * Transitions: pending → approved | rejected; approved → rejected; rejected → approved.
 * "Expired" is not a status: it is derived from expires_on (before today in the server's time zone).
 */
export const licenseStatusTransitions: Record<(typeof licenseStatuses)[number], readonly (typeof licenseStatuses)[number][]> = {
  pending: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};

export const licenseItem = z.object({
  id: z.number().int(),
  number: z.string(),
  provider: z.object({ id: z.number().int(), kind: z.enum(providerKinds), name_ar: z.string(), name_en: z.string() }),
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
});
export const licenseListResponse = envelope(paginator(licenseItem));
export const licenseStatusInput = z.object({ status: z.enum(['approved', 'rejected'], { error: 'statusInvalid' }) });
export const licenseResponse = envelope(licenseItem.pick({ id: true, status: true }));

export const licensePaths = {
  list: '/api/admin/licenses',
  status: (id: number | string) => `/api/admin/licenses/status/${id}`,
};
