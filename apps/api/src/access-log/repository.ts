import type { Database } from '../db/database';
import { accessLogs } from '../db/schema/privacy';

export type AccessLogRow = typeof accessLogs.$inferInsert;

export const accessLogWriteRepository = {
  /** One multi-row INSERT for a whole batch. */
  async insert(db: Database, rows: readonly AccessLogRow[]) {
    if (rows.length > 0) await db.insert(accessLogs).values([...rows]);
  },
};
