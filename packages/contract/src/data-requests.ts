import { z } from 'zod';
import type { ValidationMessageKey } from './validation-messages';
import { envelope, paginator } from './envelope';
import { idParam, pageField, perPageField } from './fields';
import { dataRequestKinds, dataRequestStatuses, privacyChannels } from './status-codes';

const key = (k: ValidationMessageKey) => ({ error: k });

/**
 * A person's rights over their data (issue 28): access (an archive of everything held about them), erasure
 * (pseudonymisation) and correction. Requests come from the app or are recorded by an admin with a note; each has
 * its legal deadline (DATA_REQUEST_DEADLINE_DAYS).
 */
export const dataRequestPaths = {
  list: '/api/admin/data-requests',
  /** An admin records a request that came by another channel (email, phone, letter, in person). */
  store: '/api/admin/data-requests/store',
  /** An admin acts on a request: runs it (access: builds the archive; erasure: erases), rejects it, or notes. */
  update: (id: string | number) => `/api/admin/data-requests/update/${id}`,
} as const;

export const dataRequestListQuery = z.object({
  page: pageField,
  per_page: perPageField(25),
  status: z.enum(dataRequestStatuses, key('invalid')).optional(),
  kind: z.enum(dataRequestKinds, key('invalid')).optional(),
  user_id: idParam.optional(),
  /** Only open requests past their deadline. */
  overdue: z.enum(['1', '0', 'true', 'false']).optional(),
});
export type DataRequestListQuery = z.infer<typeof dataRequestListQuery>;

export const dataRequestStore = z.object({
  user_id: idParam,
  kind: z.enum(dataRequestKinds, key('invalid')),
  channel: z.enum(privacyChannels, key('invalid')),
  note: z.string().trim().min(1, key('required')).max(1000, key('descriptionTooLong')),
});
export type DataRequestStore = z.infer<typeof dataRequestStore>;

/** What an admin does with a request: `run` carries it out (archive or erasure), `reject` closes it with the note. */
export const dataRequestActions = ['run', 'reject', 'note'] as const;
export const dataRequestUpdate = z.object({
  action: z.enum(dataRequestActions, key('invalid')),
  note: z.string().trim().min(1, key('required')).max(1000, key('descriptionTooLong')),
});
export type DataRequestUpdate = z.infer<typeof dataRequestUpdate>;

export const dataRequestEntry = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), role: z.string(), erased: z.boolean() }),
  kind: z.enum(dataRequestKinds),
  status: z.enum(dataRequestStatuses),
  channel: z.enum(privacyChannels),
  note: z.string().nullable(),
  due_at: z.string(),
  overdue: z.boolean(),
  handled_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  completed_at: z.string().nullable(),
  /** An access request's archive: ready, downloaded, expired. */
  archive_expires_at: z.string().nullable(),
  downloaded_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DataRequestEntry = z.infer<typeof dataRequestEntry>;
export const dataRequestListResponse = envelope(paginator(dataRequestEntry));
export const dataRequestResponse = envelope(dataRequestEntry);
