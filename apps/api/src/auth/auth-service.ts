import { randomBytes } from 'node:crypto';
import type { Database } from '../db/connection';
import { HttpError, ValidationError, unauthenticated } from '../http/errors';
import { authMessages } from '@sehha/contract/messages';
import { authRepository } from './auth-repository';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './password';
import { hashToken, newToken } from './tokens';

export { authMessages };

export type AuthenticatedAdmin = { id: number; name: string; email: string; role: 'admin'; tokenId: number };

/** What logins count for the metrics (operations/metrics.ts); without it nothing is counted. */
export type AuthMetrics = { loginFailures: { inc(): void }; loginLockouts: { inc(): void } };

export function createAuthService(deps: {
  db: Database;
  throttle: LoginThrottle;
  tokenTtlHours: number;
  metrics?: AuthMetrics | undefined;
}) {
  const { db, throttle } = deps;
  // Verified when the account does not exist, so that a missing account takes as long to
  // refuse as a wrong password.
  const decoyHash = hashPassword(randomBytes(16).toString('hex'));

  return {
    async login(email: string, password: string, address: string) {
      // Counted before the password is checked: until it proves right, an attempt is a failure.
      const attempt = await throttle.attempt(address, email);
      if (!attempt.allowed) {
        deps.metrics?.loginLockouts.inc();
        const wait = attempt.retryAfter;
        throw new HttpError(429, authMessages.throttled, { 'retry-after': String(wait) }, { seconds: wait });
      }
      const account = await authRepository.findAccountByEmail(db, email);
      const valid = await verifyPassword(account?.password_hash ?? (await decoyHash), password);
      if (!account || !valid) {
        deps.metrics?.loginFailures.inc();
        throw new ValidationError({ email: [authMessages.badCredentials] });
      }
      await attempt.succeeded();
      if (account.role !== 'admin') throw new HttpError(403, authMessages.adminsOnly);
      if (!account.is_active) throw new HttpError(403, authMessages.deactivated);

      const token = newToken();
      const expiresAt = new Date(Date.now() + deps.tokenTtlHours * 3600_000);
      const stored = await authRepository.createToken(db, account.id, hashToken(token), expiresAt);
      return {
        token,
        role: account.role,
        expires_at: new Date(stored.expires_at).toISOString(),
        user: { id: account.id, name: account.name, email: account.email, role: account.role },
      };
    },

    /** The admin behind a bearer token; anything else is unauthenticated or forbidden. */
    async authenticate(token: string | undefined): Promise<AuthenticatedAdmin> {
      if (!token) throw unauthenticated();
      const found = await authRepository.findByTokenHash(db, hashToken(token));
      if (!found || !found.is_active) throw unauthenticated();
      if (found.role !== 'admin') throw new HttpError(403, authMessages.adminsOnly);
      // Touch at most once a minute: a write per request would cost more than it tells.
      const lastUsed = found.last_used_at ? Date.parse(found.last_used_at) : 0;
      if (Date.now() - lastUsed > 60_000) await authRepository.touchToken(db, found.token_id);
      return { id: found.id, name: found.name, email: found.email, role: 'admin', tokenId: found.token_id };
    },

    logout(tokenId: number) {
      return authRepository.deleteToken(db, tokenId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
