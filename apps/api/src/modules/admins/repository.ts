import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminRole } from '@sehha/contract/status-codes';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { countOf, withTotal } from '../../db/totals';
import { matchesSearch } from '../../db/search';
import { selectPage } from '../../db/paging';
import { toIso, toIsoRequired } from '../../db/dates';
import { authRepository } from '../../auth/auth-repository';

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  admin_role: users.admin_role,
  is_active: users.is_active,
  deactivated_at: users.deactivated_at,
  created_at: users.created_at,
};
const selectAdmins = (db: Database) => db.select(columns).from(users);
type Row = Awaited<ReturnType<typeof selectAdmins>>[number];

const present = (row: Row) => ({
  ...row,
  // The same rule as sign-in: an admin without a role is a viewer.
  admin_role: row.admin_role ?? ('viewer' as const),
  deactivated_at: toIso(row.deactivated_at),
  created_at: toIsoRequired(row.created_at),
});

const isAdmin = eq(users.role, 'admin');

export const adminRepository = {
  /** Admin accounts by name (there are few), under a search over name and email. */
  list(db: Database, query: { page: number; perPage: number; search?: string | undefined }) {
    const where = and(isAdmin, matchesSearch(users.search, query.search));
    const total = countOf(db, users, where);
    const select = db.select(withTotal(columns, total)).from(users).where(where).orderBy(asc(users.name), asc(users.id)).$dynamic();
    return selectPage(db, select, query, { shape: ['admins', query], total, present });
  },

  /** One admin account, locked until the transaction ends. */
  find(db: Database, id: number) {
    return selectAdmins(db)
      .where(and(isAdmin, eq(users.id, id)))
      .for('update')
      .then((rows) => (rows[0] ? present(rows[0]) : undefined));
  },

  /**
   * The active super admins, locked: a transaction that would leave none takes these locks first, so a
   * second one waits for it and then counts what the first left (two concurrent demotions cannot both pass).
   */
  lockActiveSuperAdmins(db: Database) {
    return db
      .select({ id: users.id })
      .from(users)
      .where(and(isAdmin, eq(users.is_active, true), eq(users.admin_role, 'super_admin')))
      .orderBy(asc(users.id))
      .for('update')
      .then((rows) => rows.map((row) => row.id));
  },

  insert(db: Database, values: { name: string; email: string; adminRole: AdminRole; passwordHash: string }) {
    return db
      .insert(users)
      .values({ name: values.name, email: values.email, role: 'admin', admin_role: values.adminRole, password_hash: values.passwordHash })
      .returning({ id: users.id })
      .then((rows) => rows[0]!.id);
  },

  update(db: Database, id: number, change: { adminRole?: AdminRole; isActive?: boolean; passwordHash?: string }) {
    return db
      .update(users)
      .set({
        ...(change.adminRole ? { admin_role: change.adminRole } : {}),
        ...(change.isActive === undefined ? {} : { is_active: change.isActive, deactivated_at: change.isActive ? null : sql`now()` }),
        ...(change.passwordHash ? { password_hash: change.passwordHash } : {}),
        updated_at: sql`now()`,
      })
      .where(and(isAdmin, eq(users.id, id)));
  },

  revokeTokens: (db: Database, id: number) => authRepository.revokeAllTokens(db, [id]),
};

export type AdminRecord = NonNullable<Awaited<ReturnType<typeof adminRepository.find>>>;
