import { z } from 'zod';
import { envelope } from './envelope';
import type { ValidationMessageKey } from './validation-messages';

/** The most ids one bulk request may name; beyond that the dashboard sends the list's filter ("all matching"). */
export const bulkIdsMax = 1000;

const bulkIds = z
  .array(z.number({ error: 'idInvalid' }).int({ error: 'idInvalid' }).positive({ error: 'idInvalid' }), { error: 'bulkIdsRequired' })
  .min(1, { error: 'bulkIdsRequired' })
  .max(bulkIdsMax, { error: 'bulkIdsTooMany' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'bulkIdsDuplicate' });

/**
 * The OpenAPI mark of a mass action's body (`x-mass-action`): the tests find every mass action by it, so a
 * new one is covered by the fail-closed checks without being listed anywhere.
 */
export const massActionMark = 'x-mass-action';
export type MassActionKind = 'bulk' | 'all';

/**
 * The one filter schema of every mass action: exactly the keys of its list's query. A key the list does
 * not know, or knows in another case (`Search`), is a 422 on that key, never a filter that is silently
 * dropped and so matches every row.
 */
export const massFilter = <S extends z.ZodRawShape>(shape: S, notAnObject: ValidationMessageKey = 'invalid') =>
  z.object(shape, { error: notAnObject }).catchall(z.never({ error: 'filterFieldUnknown' }));

/**
 * The rows a bulk action acts on: the selected `ids`, or every row matching the list's `filter` (the
 * server re-evaluates it inside the action's transaction; a count from the client is never trusted).
 * Exactly one of the two: `{filter: {}}` is the explicit "every row of the list". `extra`: the action's own fields (a reason).
 */
type BulkTargetKeys = { ids?: unknown; filter?: unknown };

export const bulkInput = <S extends z.ZodRawShape, E extends z.ZodRawShape = Record<never, never>>(filterShape: S, extra?: E) =>
  z
    .strictObject(
      { ids: bulkIds.optional(), filter: massFilter(filterShape).optional(), ...(extra ?? ({} as E)) },
      { error: 'bulkTargetInvalid' },
    )
    .refine((input) => ((input as BulkTargetKeys).ids === undefined) !== ((input as BulkTargetKeys).filter === undefined), {
      error: 'bulkTargetInvalid',
      path: ['ids'],
    })
    .meta({ [massActionMark]: 'bulk' satisfies MassActionKind });

/** `"all": true` (JSON), or `all=1` / `all=true` as a form field: the only way to say "every row". */
const allMarker = z.union([z.literal(true), z.literal(1), z.literal('1'), z.literal('true')], { error: 'allRequired' });

/**
 * A "… all" action (deactivate-all, reactivate-all): `{"all": true}` beside the list's own filter keys.
 * Without the marker (an empty body, an empty form) nothing is done: the answer is a 422.
 */
export const allInput = <S extends z.ZodRawShape>(filterShape: S) =>
  massFilter({ ...filterShape, all: allMarker }, 'allRequired').meta({ [massActionMark]: 'all' satisfies MassActionKind });

/** Every bulk action answers the number of rows it changed (rows already in the asked state are skipped). */
export const bulkResponse = envelope(z.object({ count: z.number().int() }));
export type BulkTarget<F> = { ids: number[]; filter?: undefined } | { ids?: undefined; filter: F };
