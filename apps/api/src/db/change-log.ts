import { sql, type SQL } from 'drizzle-orm';
import type { Narrowing } from './page-cache';
import { appointmentChanges, changeLogHorizons } from './schema/change-logs';

/** The change log's columns, as a narrowing's `touches` names them. */
export type AppointmentChange = typeof appointmentChanges;

/**
 * A page of appointments that outlives the writes whose changed rows `touches` does not pick (a predicate over the
 * change log's columns: the patient, provider and facility of each changed appointment, and whether it was inserted;
 * given the page's kept rows). The writes compared are those whose transaction committed after the snapshot `since` and
 * by `until` (pg_visible_in_snapshot: a transaction that began before `since` and committed after it is among them,
 * which a sequence or a clock could not tell); their ids lie in [xmin(since), xmax(until)), the log's index range. Any doubt is a touch: a TRUNCATE (`every_row`), or
 * a log pruned past `since` (its horizon above a transaction `since` did not see yet, whose rows may be gone).
 */
export function appointmentPageNarrowing(touches: (change: AppointmentChange, kept: readonly unknown[]) => SQL): Narrowing {
  const log = appointmentChanges;
  return {
    table: 'appointments',
    touched: (since, until, kept) => sql`(
      coalesce(
        (select ${changeLogHorizons.pruned_below} from ${changeLogHorizons} where ${changeLogHorizons.log} = 'appointment_changes')
          > any (select pg_snapshot_xmax(${since}::pg_snapshot) union all select pg_snapshot_xip(${since}::pg_snapshot)),
        false)
      or exists (
        select 1 from ${log}
        where ${log.xid} >= pg_snapshot_xmin(${since}::pg_snapshot) and ${log.xid} < pg_snapshot_xmax(${until})
          and not pg_visible_in_snapshot(${log.xid}, ${since}::pg_snapshot) and pg_visible_in_snapshot(${log.xid}, ${until})
          and (${log.every_row} or ${touches(log, kept)}))
    )`,
  };
}
