import { z } from 'zod';
import { envelope } from './envelope';

/** The most ids one bulk request may name; beyond that the dashboard sends the list's filter ("all matching"). */
export const bulkIdsMax = 1000;

const bulkIds = z
  .array(z.number({ error: 'idInvalid' }).int({ error: 'idInvalid' }).positive({ error: 'idInvalid' }), { error: 'bulkIdsRequired' })
  .min(1, { error: 'bulkIdsRequired' })
  .max(bulkIdsMax, { error: 'bulkIdsTooMany' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'bulkIdsDuplicate' });

/**
 * The rows a bulk action acts on: the selected `ids`, or every row matching the list's `filter` (the
 * server re-evaluates it inside the action's transaction; a count from the client is never trusted).
 * Exactly one of the two.
 */
export const bulkInput = <F extends z.ZodType>(filter: F) =>
  z
    .strictObject({ ids: bulkIds.optional(), filter: filter.optional() }, { error: 'bulkTargetInvalid' })
    .refine((input) => (input.ids === undefined) !== (input.filter === undefined), { error: 'bulkTargetInvalid', path: ['ids'] });

/** Every bulk action answers the number of rows it changed (rows already in the asked state are skipped). */
export const bulkResponse = envelope(z.object({ count: z.number().int() }));
export type BulkTarget<F> = { ids: number[]; filter?: undefined } | { ids?: undefined; filter: F };
