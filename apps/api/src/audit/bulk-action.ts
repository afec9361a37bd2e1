import type { BulkTarget } from '@sehha/contract/bulk';
import type { Database } from '../db/database';
import { ValidationError } from '../http/errors';
import { localized, type Message } from '../i18n/messages';

/** What one list's bulk action is made of (its repository knows the rows; this decides the rules). */
export type BulkActionSpec<F> = {
  /**
   * Which of the ids are rows of this list (in any state: a row already in the asked state is skipped,
   * not refused), locked for update so that the change that follows sees them as they are.
   */
  lockKnown: (tx: Database, ids: number[]) => Promise<number[]>;
  /** The 422 line for an id that is not a row of this list (`{id}`). */
  notInList: Message;
  /**
   * The rows of the list under its filter, locked for update (in id order), so that the change that
   * follows reads each row's value as it is once no one else can change it: its audit "before" is true
   * even when another decision on the same rows committed a moment earlier.
   */
  lockMatching: (tx: Database, filter: F) => Promise<number[]>;
  /** Changes those of the (locked) rows that can move, audits each, answers how many changed. */
  change: (tx: Database, ids: number[]) => Promise<number>;
};

/**
 * The one way a bulk action runs, for every list: one transaction; with `ids`, any id that is not a row
 * of the list refuses the whole request (422 naming up to ten of them, nothing changed); with `filter`,
 * the server re-evaluates the list's own filter inside the transaction (a client's count is never
 * trusted). Either way the rows are locked before they are changed, so two decisions racing on the same
 * rows take turns and each audits what it found. Rows already in the asked state (or that cannot move
 * to it) are skipped and not counted.
 */
export function runBulkAction<F>(db: Database, target: BulkTarget<F>, spec: BulkActionSpec<F>): Promise<{ count: number }> {
  return db.transaction(async (tx) => {
    if (target.ids) {
      const known = new Set(await spec.lockKnown(tx, target.ids));
      const missing = target.ids.filter((id) => !known.has(id));
      if (missing.length > 0) throw new ValidationError({ ids: missing.slice(0, 10).map((id) => localized(spec.notInList, { id })) });
      return { count: await spec.change(tx, target.ids) };
    }
    const matching = await spec.lockMatching(tx, target.filter);
    return { count: matching.length === 0 ? 0 : await spec.change(tx, matching) };
  });
}

/** The body's target as the services take it (the contract's bulkInput guarantees exactly one of the two). */
export const bulkTarget = <F>(body: { ids?: number[] | undefined; filter?: F | undefined }): BulkTarget<F> =>
  body.ids ? { ids: body.ids } : { filter: body.filter as F };

/** The list filter of a "… all" body (the contract's allInput): everything but its `all` marker. */
export const allFilter = <B extends { all: unknown }>({ all: _all, ...filter }: B): Omit<B, 'all'> => filter;
