import type { AdminRole } from '@sehha/contract/status-codes';
import { adminMessages } from '@sehha/contract/admins';
import type { Database } from '../../db/database';
import { audited } from '../../audit/audit-log';
import { HttpError, notFound } from '../../http/errors';
import { randomPassword } from '../../auth/admin-accounts';
import { hashNewPassword } from '../../auth/password-policy';
import { adminRepository as repository, type AdminRecord } from './repository';

const entity = 'admin';
type ListQuery = { page: number; perPage: number; search?: string | undefined };

/** A temporary password and its hash; the password is answered once and never stored. */
async function temporaryPassword() {
  const password = randomPassword();
  return { password, hash: await hashNewPassword(password) };
}

/**
 * Refuses a change that would leave no active super admin. The super admins are locked before the target
 * row (always in this order, so two such changes queue rather than deadlock), so that of two concurrent
 * demotions of the last two, the second sees the first's result.
 */
async function findKeepingASuperAdmin(tx: Database, id: number, stillSuperAdmin: (admin: AdminRecord) => boolean) {
  const superAdmins = await repository.lockActiveSuperAdmins(tx);
  const admin = await repository.find(tx, id);
  if (!admin) throw notFound(adminMessages.notFound);
  const isActiveSuperAdmin = admin.is_active && admin.admin_role === 'super_admin';
  if (isActiveSuperAdmin && !stillSuperAdmin(admin) && superAdmins.every((other) => other === id)) {
    throw new HttpError(422, adminMessages.lastSuperAdmin);
  }
  return admin;
}

export function createAdminService(db: Database) {
  return {
    list: (query: ListQuery) => repository.list(db, query),

    create: async (actorId: number, input: { name: string; email: string; admin_role: AdminRole }) => {
      const temporary = await temporaryPassword();
      return audited(db, actorId, async (tx) => {
        const id = await repository.insert(tx, {
          name: input.name,
          // Stored as the command line stores it; sign-in compares case-insensitively either way.
          email: input.email.toLowerCase(),
          adminRole: input.admin_role,
          passwordHash: temporary.hash,
        });
        const after = (await repository.find(tx, id))!;
        return { result: { ...after, temporary_password: temporary.password }, audit: { action: 'create', entity, entityId: id, after } };
      });
    },

    /** Deactivates another admin and revokes their tokens; never oneself, never the last active super admin. */
    deactivate: (actorId: number, id: number) =>
      audited(db, actorId, async (tx) => {
        if (id === actorId) throw new HttpError(422, adminMessages.notSelf);
        const before = await findKeepingASuperAdmin(tx, id, () => false);
        if (!before.is_active) throw new HttpError(422, adminMessages.alreadyDeactivated);
        await repository.update(tx, id, { isActive: false });
        await repository.revokeTokens(tx, id);
        const after = (await repository.find(tx, id))!;
        return { result: after, audit: { action: 'deactivate', entity, entityId: id, before, after } };
      }),

    reactivate: (actorId: number, id: number) =>
      audited(db, actorId, async (tx) => {
        const before = await repository.find(tx, id);
        if (!before) throw notFound(adminMessages.notFound);
        if (before.is_active) throw new HttpError(422, adminMessages.alreadyActive);
        await repository.update(tx, id, { isActive: true });
        const after = (await repository.find(tx, id))!;
        return { result: after, audit: { action: 'reactivate', entity, entityId: id, before, after } };
      }),

    /**
     * A new temporary password for another admin, answered once; every token of that admin is revoked. Not
     * one's own: it would sign the admin out in the middle of the action, with a password only this answer shows.
     */
    resetPassword: async (actorId: number, id: number) => {
      if (id === actorId) throw new HttpError(422, adminMessages.notSelfPassword);
      const temporary = await temporaryPassword();
      return audited(db, actorId, async (tx) => {
        const admin = await repository.find(tx, id);
        if (!admin) throw notFound(adminMessages.notFound);
        await repository.update(tx, id, { passwordHash: temporary.hash });
        await repository.revokeTokens(tx, id);
        // The audit row says that it happened, never the password.
        return { result: { ...admin, temporary_password: temporary.password }, audit: { action: 'reset_password', entity, entityId: id } };
      });
    },

    changeRole: (actorId: number, id: number, adminRole: AdminRole) =>
      audited(db, actorId, async (tx) => {
        const before = await findKeepingASuperAdmin(tx, id, () => adminRole === 'super_admin');
        await repository.update(tx, id, { adminRole });
        const after = (await repository.find(tx, id))!;
        return { result: after, audit: { action: 'change_role', entity, entityId: id, before, after } };
      }),
  };
}
