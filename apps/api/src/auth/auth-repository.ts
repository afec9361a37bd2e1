import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { accessTokens, users } from '../db/schema/accounts';

export const authRepository = {
  findAccountByEmail(db: Database, email: string) {
    return db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        is_active: users.is_active,
        password_hash: users.password_hash,
      })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1)
      .then((rows) => rows[0]);
  },

  /** The account behind a live (unexpired) token. */
  findByTokenHash(db: Database, tokenHash: string) {
    return db
      .select({
        token_id: accessTokens.id,
        last_used_at: accessTokens.last_used_at,
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        is_active: users.is_active,
      })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.user_id))
      .where(and(eq(accessTokens.token_hash, tokenHash), gt(accessTokens.expires_at, sql`now()`)))
      .limit(1)
      .then((rows) => rows[0]);
  },

  createToken(db: Database, userId: number, tokenHash: string, expiresAt: Date) {
    return db
      .insert(accessTokens)
      .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt.toISOString() })
      .returning({ id: accessTokens.id, expires_at: accessTokens.expires_at })
      .then((rows) => rows[0]!);
  },

  touchToken(db: Database, tokenId: number) {
    return db
      .update(accessTokens)
      .set({ last_used_at: sql`now()` })
      .where(eq(accessTokens.id, tokenId));
  },

  deleteToken(db: Database, tokenId: number) {
    return db.delete(accessTokens).where(eq(accessTokens.id, tokenId));
  },

  /** Revokes every token of these accounts (deactivation). */
  revokeAllTokens(db: Database, userIds: number[]) {
    if (userIds.length === 0) return Promise.resolve();
    return db.delete(accessTokens).where(inArray(accessTokens.user_id, userIds));
  },

  deleteExpiredTokens(db: Database) {
    return db.delete(accessTokens).where(sql`${accessTokens.expires_at} <= now()`);
  },
};
