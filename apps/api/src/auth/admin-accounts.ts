import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { users } from '../db/schema/accounts';
import { hashNewPassword } from './password-policy';
import { authRepository } from './auth-repository';

export const randomPassword = () => randomBytes(18).toString('base64url');

/**
 * Creates a super admin (the command line's and the first admin's way in), or resets the password of the account with that email and makes it an active super admin.
 * The password must follow the policy (auth/password-policy.ts): a 422 on `password` otherwise.
 */
export async function upsertAdmin(db: Database, email: string, password: string, name = 'Admin') {
  const passwordHash = await hashNewPassword(password);
  const existing = await authRepository.findAccountByEmail(db, email);
  if (existing) {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          password_hash: passwordHash,
          role: 'admin',
          admin_role: 'super_admin',
          is_active: true,
          deactivated_at: null,
          updated_at: sql`now()`,
        })
        .where(eq(users.id, existing.id));
      await authRepository.revokeAllTokens(tx, [existing.id]);
    });
    return { id: existing.id, created: false };
  }
  const [row] = await db
    .insert(users)
    .values({ name, email: email.toLowerCase(), password_hash: passwordHash, role: 'admin', admin_role: 'super_admin' })
    .returning({ id: users.id });
  return { id: row!.id, created: true };
}

/**
 * The first admin: ADMIN_EMAIL/ADMIN_PASSWORD when given (created if that account is missing),
 * otherwise admin@example.com with a random password when no admin exists yet. Returns the
 * generated password, if any, so that it can be printed once.
 */
export async function ensureFirstAdmin(db: Database, env: { email?: string | undefined; password?: string | undefined }) {
  if (env.email && env.password) {
    const existing = await authRepository.findAccountByEmail(db, env.email);
    if (!existing) await upsertAdmin(db, env.email, env.password);
    return { email: env.email, generatedPassword: undefined };
  }
  const [anyAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin')))
    .limit(1);
  if (anyAdmin) return { email: undefined, generatedPassword: undefined };
  const email = 'admin@example.com';
  const password = randomPassword();
  await upsertAdmin(db, email, password);
  return { email, generatedPassword: password };
}
