import { securityMessages } from '@sehha/contract/security';
import { audited } from '../audit/audit-log';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { authRepository } from './auth-repository';
import type { AuthMetrics } from './auth-service';
import type { LoginThrottle } from './login-throttle';

/** The signed-in admin whose password, TOTP code or recovery code is being checked, and from where. */
export type SecretHolder = { id: number; email: string; tokenId: number };

/**
 * A password, TOTP code or recovery code checked behind a signed-in session (turning two-factor sign-in on
 * or off, new recovery codes) is a sign-in attempt like any other: counted on the login throttle's
 * counters of this account and address, in the database, before it is checked. Over the bound the check
 * does not run: the session is revoked (audited) and the answer is 429 with Retry-After. A stolen session
 * therefore cannot guess its way to the second factor, nor past it.
 */
export function createSecretGuard(deps: { db: Database; throttle: LoginThrottle; metrics?: AuthMetrics | undefined }) {
  return async function checkSecret(holder: SecretHolder, address: string, check: () => Promise<boolean>): Promise<boolean> {
    const attempt = await deps.throttle.attempt(address, holder.email);
    if (!attempt.allowed) {
      deps.metrics?.loginLockouts.inc();
      await audited(deps.db, holder.id, async (tx) => {
        await authRepository.deleteToken(tx, holder.tokenId);
        return {
          result: undefined,
          audit: {
            action: 'session.revoked',
            entity: 'access_tokens',
            entityId: holder.tokenId,
            after: { user_id: holder.id, reason: 'failed_attempts', address },
          },
        };
      });
      const wait = attempt.retryAfter;
      throw new HttpError(429, securityMessages.tooManyAttempts, { 'retry-after': String(wait) }, { seconds: wait });
    }
    if (!(await check())) {
      deps.metrics?.loginFailures.inc();
      return false;
    }
    await attempt.succeeded();
    return true;
  };
}

export type SecretGuard = ReturnType<typeof createSecretGuard>;
