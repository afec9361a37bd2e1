import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database';
import { appointments } from '../../db/schema/appointments';
import { providers } from '../../db/schema/providers';
import { providerTimeZone } from '../appointments/repository';
import { reminderWindows, type ReminderKind } from './windows';

/** A visit whose reminder was just marked as written: who to tell, with whom, when (and in which zone). */
export type DueReminder = {
  id: number;
  userId: number;
  startsAt: Date;
  timeZone: string;
  provider: { name_ar: string | null; name_en: string | null };
};

const remindedColumn = { day_before: appointments.reminded_day_before_at, hours_before: appointments.reminded_hours_before_at };

export const reminderRepository = {
  /**
   * Marks up to `limit` booked visits whose `kind` reminder is due as reminded, and returns them: call it in
   * the transaction that writes their messages, so a visit is marked exactly when its message exists.
   * FOR UPDATE SKIP LOCKED (along appointments_booked_starts_idx): processes running this at once take
   * different visits, and a visit being cancelled or moved meanwhile is skipped (its new state decides next round).
   */
  async claimDue(tx: Database, kind: ReminderKind, limit: number): Promise<DueReminder[]> {
    const window = reminderWindows[kind];
    const reminded = remindedColumn[kind];
    const rows = await queryRows<{
      id: string | number;
      user_id: string | number;
      starts_at: string | Date;
      time_zone: string;
      name_ar: string | null;
      name_en: string | null;
    }>(
      tx,
      sql`with claimed as (
            update ${appointments} set ${sql.identifier(reminded.name)} = now()
            where ${appointments.id} in (
              select ${appointments.id} from ${appointments}
              where ${appointments.status} = 'booked' and ${reminded} is null
                and ${appointments.starts_at} > now() + make_interval(mins => ${window.leadUntilMinutes})
                and ${appointments.starts_at} <= now() + make_interval(mins => ${window.leadFromMinutes})
              order by ${appointments.starts_at}
              limit ${limit}
              for update skip locked)
            returning ${appointments.id} as id, ${appointments.user_id} as user_id, ${appointments.provider_id} as provider_id,
              ${appointments.starts_at} as starts_at, ${providerTimeZone} as time_zone)
          select claimed.id, claimed.user_id, claimed.starts_at, claimed.time_zone, ${providers.name_ar} as name_ar, ${providers.name_en} as name_en
          from claimed join ${providers} on ${providers.id} = claimed.provider_id
          order by claimed.starts_at, claimed.id`,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      userId: Number(row.user_id),
      startsAt: new Date(row.starts_at),
      timeZone: row.time_zone,
      provider: { name_ar: row.name_ar, name_en: row.name_en },
    }));
  },
};
