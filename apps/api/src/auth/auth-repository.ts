import { and, desc, eq, gt, inArray, isNull, ne, or, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { accessTokens, recoveryCodes, users } from '../db/schema/accounts';
import type { TokenAudience } from '@sehha/contract/status-codes';

/** Who an account is and whether it may act: the part every sign-in lookup reads. */
const account = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  admin_role: users.admin_role,
  is_active: users.is_active,
};

/**
 * Every authenticated request's first statement, built once per database and run as a named prepared statement:
 * neither the query builder nor PostgreSQL's planner runs again for it (docs/performance/api.md).
 */
const tokenLookup = (db: Database) =>
  db
    .select({
      token_id: accessTokens.id,
      last_used_at: accessTokens.last_used_at,
      ...account,
      totp_enabled_at: users.totp_enabled_at,
      phone: users.phone,
      language: users.language,
      privacy_version: users.privacy_version,
      terms_version: users.terms_version,
      marketing_opt_in: users.marketing_opt_in,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.user_id))
    .where(
      and(
        eq(accessTokens.token_hash, sql.placeholder('tokenHash')),
        eq(accessTokens.audience, sql.placeholder('audience')),
        gt(accessTokens.expires_at, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('sehha_token_lookup');

const tokenLookups = new WeakMap<Database, ReturnType<typeof tokenLookup>>();
function tokenLookupOf(db: Database) {
  let lookup = tokenLookups.get(db);
  if (!lookup) tokenLookups.set(db, (lookup = tokenLookup(db)));
  return lookup;
}

export const authRepository = {
  findAccountByEmail(db: Database, email: string) {
    return db
      .select({
        ...account,
        password_hash: users.password_hash,
        totp_enabled_at: users.totp_enabled_at,
      })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1)
      .then((rows) => rows[0]);
  },

  /** The account behind a live (unexpired) token of this audience: an app token never opens the admin API, nor the reverse. */
  findByTokenHash(db: Database, tokenHash: string, audience: TokenAudience) {
    return tokenLookupOf(db)
      .execute({ tokenHash, audience })
      .then((rows) => rows[0]);
  },

  createToken(
    db: Database,
    userId: number,
    tokenHash: string,
    expiresAt: Date,
    client: { ip: string | null; userAgent: string | null } = { ip: null, userAgent: null },
    audience: TokenAudience = 'admin',
  ) {
    return db
      .insert(accessTokens)
      .values({
        user_id: userId,
        token_hash: tokenHash,
        expires_at: expiresAt.toISOString(),
        ip: client.ip,
        user_agent: client.userAgent,
        audience,
      })
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

  /** An account and its second factor, by id (the code step of a login, and the security screen). */
  findTwoFactor(db: Database, userId: number) {
    return db
      .select({
        ...account,
        password_hash: users.password_hash,
        totp_secret: users.totp_secret,
        totp_enabled_at: users.totp_enabled_at,
        totp_last_step: users.totp_last_step,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
      .then((rows) => rows[0]);
  },

  /**
   * Records that a code was used for `step`, only if no later or equal step was: a conditional update,
   * so two requests racing with the same code cannot both pass. False when the step was already spent.
   */
  spendTotpStep(db: Database, userId: number, step: number) {
    return db
      .update(users)
      .set({ totp_last_step: step })
      .where(and(eq(users.id, userId), or(isNull(users.totp_last_step), lt(users.totp_last_step, step))))
      .returning({ id: users.id })
      .then((rows) => rows.length === 1);
  },

  /** A new secret awaiting its first code; replaces a pending one. Never called while enrolled. */
  setPendingSecret(db: Database, userId: number, sealedSecret: string) {
    return db.update(users).set({ totp_secret: sealedSecret, totp_enabled_at: null, totp_last_step: null }).where(eq(users.id, userId));
  },

  enableTotp(db: Database, userId: number) {
    return db
      .update(users)
      .set({ totp_enabled_at: sql`now()` })
      .where(eq(users.id, userId));
  },

  disableTotp(db: Database, userId: number) {
    return db.update(users).set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null }).where(eq(users.id, userId));
  },

  async replaceRecoveryCodes(db: Database, userId: number, codeHashes: string[]) {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    if (codeHashes.length > 0) await db.insert(recoveryCodes).values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })));
  },

  /** Spends an unused recovery code; false when there is none with this hash (wrong or already used). */
  spendRecoveryCode(db: Database, userId: number, codeHash: string) {
    return db
      .update(recoveryCodes)
      .set({ used_at: sql`now()` })
      .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, codeHash), isNull(recoveryCodes.used_at)))
      .returning({ id: recoveryCodes.id })
      .then((rows) => rows.length === 1);
  },

  countUnusedRecoveryCodes(db: Database, userId: number) {
    return db
      .select({ count: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)))
      .then((rows) => rows[0]?.count ?? 0);
  },

  /** An account's live tokens, newest first; never their hashes. */
  listSessions(db: Database, userId: number) {
    return db
      .select({
        id: accessTokens.id,
        created_at: accessTokens.created_at,
        last_used_at: accessTokens.last_used_at,
        expires_at: accessTokens.expires_at,
        ip: accessTokens.ip,
        user_agent: accessTokens.user_agent,
      })
      .from(accessTokens)
      .where(and(eq(accessTokens.user_id, userId), gt(accessTokens.expires_at, sql`now()`)))
      .orderBy(desc(accessTokens.created_at), desc(accessTokens.id));
  },

  /** Revokes one token of this account; false when it has no such token. */
  revokeSession(db: Database, userId: number, tokenId: number) {
    return db
      .delete(accessTokens)
      .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.user_id, userId)))
      .returning({ id: accessTokens.id })
      .then((rows) => rows.length === 1);
  },

  /** Revokes every token of this account but one; the number revoked. */
  revokeOtherSessions(db: Database, userId: number, keepTokenId: number) {
    return db
      .delete(accessTokens)
      .where(and(eq(accessTokens.user_id, userId), ne(accessTokens.id, keepTokenId)))
      .returning({ id: accessTokens.id })
      .then((rows) => rows.length);
  },

  findAdminAccount(db: Database, userId: number) {
    return db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, 'admin')))
      .limit(1)
      .then((rows) => rows[0]);
  },
};
