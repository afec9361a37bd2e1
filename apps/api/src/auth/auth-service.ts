import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { HttpError, ValidationError, unauthenticated } from '../http/errors';
import { authMessages } from '@sehha/contract/messages';
import type { AdminRole } from '@sehha/contract/status-codes';
import { authRepository } from './auth-repository';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './password';
import { hashToken, newToken } from './tokens';
import { securityMessages } from '@sehha/contract/security';
import type { TwoFactorLoginRequest } from '@sehha/contract/security';
import { acceptedStep, hashRecoveryCode, type ChallengeSigner, type SecretBox } from './two-factor';
import { recordAudit } from '../audit/audit-log';

/** Where a login comes from: recorded on its token for the sessions screen. */
export type LoginClient = { address: string; userAgent: string | undefined };

export { authMessages };

/** `adminRole` decides what the admin may do (contract permissions); an admin without one is a viewer. */
export type AuthenticatedAdmin = {
  id: number;
  name: string;
  email: string;
  role: 'admin';
  adminRole: AdminRole;
  tokenId: number;
  /** REQUIRE_2FA is on and this super admin has not enrolled: only `self` routes are open (admin-scope.ts). */
  mustEnrolTwoFactor: boolean;
};

/** How a sign-in attempt ended, as the audit log records it (`after.outcome`). */
export type SignInOutcome = 'signed_in' | 'code_required' | 'bad_credentials' | 'inactive' | 'not_admin' | 'invalid_code';

/** What logins count for the metrics (operations/metrics.ts); without it nothing is counted. */
export type AuthMetrics = { loginFailures: { inc(): void }; loginLockouts: { inc(): void } };

export function createAuthService(deps: {
  db: Database;
  throttle: LoginThrottle;
  tokenTtlHours: number;
  metrics?: AuthMetrics | undefined;
  secrets: SecretBox;
  challenges: ChallengeSigner;
  /** REQUIRE_2FA: super admins must have a second factor before using anything but their own security screen. */
  requireTwoFactor?: boolean | undefined;
}) {
  const { db, throttle } = deps;
  // Verified when the account does not exist, so that a missing account takes as long to
  // refuse as a wrong password.
  const decoyHash = hashPassword(randomBytes(16).toString('hex'));

  async function allowAttempt(address: string, email: string) {
    const attempt = await throttle.attempt(address, email);
    if (attempt.allowed) return attempt;
    deps.metrics?.loginLockouts.inc();
    const wait = attempt.retryAfter;
    throw new HttpError(429, authMessages.throttled, { 'retry-after': String(wait) }, { seconds: wait });
  }

  async function spendCode(userId: number, secret: string, code: string, lastStep: number | null) {
    const step = acceptedStep(secret, code, lastStep);
    return step !== null && (await authRepository.spendTotpStep(db, userId, step));
  }

  type Account = { id: number; name: string; email: string; role: string; admin_role: AdminRole | null; is_active: boolean };

  /**
   * Every sign-in and failed sign-in is on record: who (or which email was tried), from where, and how it
   * ended. Never the password or the code. Attempts refused by the throttle are counted there, not here.
   */
  function auditSignIn(
    outcome: Exclude<SignInOutcome, 'signed_in'>,
    email: string,
    client: LoginClient,
    account?: { id: number } | undefined,
  ) {
    // A right password awaiting its code is the account's own step; a failure has no known actor.
    const passwordStep = outcome === 'code_required';
    return recordAudit(db, {
      actorId: passwordStep ? account!.id : null,
      action: passwordStep ? 'sign_in.code_required' : 'sign_in.failed',
      entity: 'users',
      entityId: account?.id,
      after: { email, address: client.address, outcome },
    });
  }

  async function issueToken(account: Account, client: LoginClient, method: 'password' | 'code' | 'recovery_code') {
    if (account.role !== 'admin') {
      await auditSignIn('not_admin', account.email, client, account);
      throw new HttpError(403, authMessages.adminsOnly);
    }
    if (!account.is_active) {
      await auditSignIn('inactive', account.email, client, account);
      throw new HttpError(403, authMessages.deactivated);
    }
    const token = newToken();
    const expiresAt = new Date(Date.now() + deps.tokenTtlHours * 3600_000);
    const stored = await db.transaction(async (tx) => {
      const created = await authRepository.createToken(tx, account.id, hashToken(token), expiresAt, {
        ip: client.address,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
      });
      await recordAudit(tx, {
        actorId: account.id,
        action: 'sign_in',
        entity: 'users',
        entityId: account.id,
        after: { email: account.email, address: client.address, outcome: 'signed_in', method, session: created.id },
      });
      return created;
    });
    return {
      token,
      role: 'admin' as const,
      expires_at: new Date(stored.expires_at).toISOString(),
      user: {
        id: account.id,
        name: account.name,
        email: account.email,
        role: 'admin' as const,
        admin_role: account.admin_role ?? 'viewer',
      },
    };
  }

  return {
    async login(email: string, password: string, client: LoginClient) {
      // Counted before the password is checked: until it proves right, an attempt is a failure.
      const attempt = await allowAttempt(client.address, email);
      const account = await authRepository.findAccountByEmail(db, email);
      const valid = await verifyPassword(account?.password_hash ?? (await decoyHash), password);
      // A deactivated account answers as a wrong password does, on the same path (one argon2, one audit
      // row, the attempt left counted): the answer never tells that the password was right.
      if (!account || !valid || !account.is_active) {
        deps.metrics?.loginFailures.inc();
        await auditSignIn(account && valid ? 'inactive' : 'bad_credentials', email, client, account);
        throw new ValidationError({ email: [authMessages.badCredentials] });
      }
      if (account.role === 'admin' && account.totp_enabled_at) {
        // The attempt stays counted until the code is right too: a known password alone cannot
        // reset the counters and so cannot buy unlimited code guesses.
        await auditSignIn('code_required', account.email, client, account);
        return { twoFactorRequired: true as const, challenge: deps.challenges.issue(account.id) };
      }
      await attempt.succeeded();
      return issueToken(account, client, 'password');
    },

    /** The code step of a login: a challenge from login() and a TOTP code or an unused recovery code. */
    async loginWithSecondFactor(input: TwoFactorLoginRequest, client: LoginClient) {
      const userId = deps.challenges.verify(input.challenge);
      if (userId === null) throw new ValidationError({ challenge: [securityMessages.challengeExpired] });
      const account = await authRepository.findTwoFactor(db, userId);
      if (!account?.totp_secret || !account.totp_enabled_at) throw new ValidationError({ challenge: [securityMessages.challengeExpired] });
      // Counted like a password: wrong codes lock the account and address out as wrong passwords do.
      const attempt = await allowAttempt(client.address, account.email);
      const field = 'code' in input ? 'code' : 'recovery_code';
      const passed =
        'code' in input
          ? await spendCode(account.id, deps.secrets.open(account.totp_secret), input.code, account.totp_last_step)
          : await authRepository.spendRecoveryCode(db, account.id, hashRecoveryCode(input.recovery_code));
      if (!passed) {
        deps.metrics?.loginFailures.inc();
        await auditSignIn('invalid_code', account.email, client, account);
        throw new ValidationError({ [field]: [securityMessages.invalidCode] });
      }
      await attempt.succeeded();
      return issueToken(account, client, field);
    },

    /** The admin behind a bearer token; anything else is unauthenticated or forbidden. */
    async authenticate(token: string | undefined): Promise<AuthenticatedAdmin> {
      if (!token) throw unauthenticated();
      const found = await authRepository.findByTokenHash(db, hashToken(token), 'admin');
      if (!found || !found.is_active) throw unauthenticated();
      if (found.role !== 'admin') throw new HttpError(403, authMessages.adminsOnly);
      // Touch at most once a minute: a write per request would cost more than it tells.
      const lastUsed = found.last_used_at ? Date.parse(found.last_used_at) : 0;
      if (Date.now() - lastUsed > 60_000) await authRepository.touchToken(db, found.token_id);
      const adminRole = found.admin_role ?? 'viewer';
      const mustEnrolTwoFactor = Boolean(deps.requireTwoFactor) && adminRole === 'super_admin' && !found.totp_enabled_at;
      return { id: found.id, name: found.name, email: found.email, role: 'admin', adminRole, tokenId: found.token_id, mustEnrolTwoFactor };
    },

    /** Ends the session of this token, on record. */
    logout(admin: AuthenticatedAdmin) {
      return db.transaction(async (tx) => {
        await authRepository.deleteToken(tx, admin.tokenId);
        await recordAudit(tx, { actorId: admin.id, action: 'sign_out', entity: 'access_tokens', entityId: admin.tokenId });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
