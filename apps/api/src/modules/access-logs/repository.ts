import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AccessLogEntry } from '@sehha/contract/access-logs';
import type { AccessKind } from '@sehha/contract/status-codes';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { accessLogs } from '../../db/schema/privacy';
import { countOf, withTotal } from '../../db/totals';
import { columnsOf } from '../../db/sql';
import { newestFirstPage } from '../../db/paging';
import { toIsoRequired } from '../../db/dates';

/** `fromDay`/`toDay` ('YYYY-MM-DD') are whole days of `timeZone`, both included. */
export type AccessFilter = {
  subjectUserId?: number | undefined;
  actorId?: number | undefined;
  kind?: AccessKind | undefined;
  fromDay?: string | undefined;
  toDay?: string | undefined;
  timeZone: string;
};

/** How many of a row's people are named in the list (the count says how many there are). */
const namedSubjects = 10;

const matching = (filter: AccessFilter): SQL | undefined =>
  and(
    // The GIN index on subject_user_ids answers "who read this person's data".
    filter.subjectUserId === undefined ? undefined : sql`${accessLogs.subject_user_ids} @> array[${filter.subjectUserId}]::bigint[]`,
    filter.actorId === undefined ? undefined : eq(accessLogs.actor_id, filter.actorId),
    filter.kind === undefined ? undefined : eq(accessLogs.kind, filter.kind),
    filter.fromDay === undefined
      ? undefined
      : sql`${accessLogs.created_at} >= (${filter.fromDay}::date::timestamp at time zone ${filter.timeZone})`,
    filter.toDay === undefined
      ? undefined
      : sql`${accessLogs.created_at} < ((${filter.toDay}::date + 1)::timestamp at time zone ${filter.timeZone})`,
  );

type Person = { id: number; name: string; role: string };

export const accessLogRepository = {
  /** Newest first (created_at, then id), with the reader and the first people the read was about, named. */
  page(db: Database, filter: AccessFilter, query: { page: number; perPage: number }) {
    const where = matching(filter);
    const total = countOf(db, accessLogs, where);
    const select = db
      .select(
        withTotal(
          {
            id: accessLogs.id,
            ...columnsOf(accessLogs, 'actor_kind', 'kind', 'purpose', 'route', 'entity', 'record_ids', 'details', 'address', 'user_agent'),
            actor_id: users.id,
            actor_name: users.name,
            actor_role: users.role,
            subjects: sql<Person[]>`coalesce((
              select json_agg(json_build_object('id', s.id, 'name', s.name, 'role', s.role) order by s.id)
              from ${users} s where s.id = any(${accessLogs.subject_user_ids}[1:${sql.raw(String(namedSubjects))}])
            ), '[]'::json)`,
            subject_count: sql<number>`cardinality(${accessLogs.subject_user_ids})`.mapWith(Number),
            created_at: accessLogs.created_at,
          },
          total,
        ),
      )
      .from(accessLogs)
      .leftJoin(users, eq(users.id, accessLogs.actor_id))
      .$dynamic();
    return newestFirstPage(db, select, accessLogs, where, query, {
      shape: ['access_logs', query, filter],
      present: ({ actor_id, actor_name, actor_role, subjects, created_at, ...row }): AccessLogEntry => ({
        ...row,
        actor:
          actor_id === null || actor_name === null || actor_role === null ? null : { id: actor_id, name: actor_name, role: actor_role },
        subjects: subjects.map((s) => ({ id: Number(s.id), name: s.name, role: s.role })),
        created_at: toIsoRequired(created_at),
      }),
      total,
    });
  },
};
