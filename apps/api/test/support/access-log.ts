import { asc } from 'drizzle-orm';
import { accessLogs } from '../../src/db/schema/privacy';
import type { TestApp } from './test-app';

export type AccessLogRecord = typeof accessLogs.$inferSelect;

/** The access log as written so far: the writer's buffer is flushed first (it batches every ~200 ms). */
export async function accessRows(t: Pick<TestApp, 'app' | 'db'>): Promise<AccessLogRecord[]> {
  await t.app.accessLog.flush();
  return t.db.select().from(accessLogs).orderBy(asc(accessLogs.id));
}

/** The rows written by what `act` does (flushed before and after). */
export async function accessRowsOf(t: Pick<TestApp, 'app' | 'db'>, act: () => Promise<unknown>): Promise<AccessLogRecord[]> {
  const before = (await accessRows(t)).at(-1)?.id ?? 0;
  await act();
  return (await accessRows(t)).filter((row) => row.id > before);
}
