import QRCode from 'qrcode';
import { UAParser } from 'ua-parser-js';
import { securityMessages } from '@sehha/contract/security';
import type { DisableTwoFactorInput } from '@sehha/contract/security';
import type { Database } from '../../db/database';
import { audited, recordAudit } from '../../audit/audit-log';
import { authRepository } from '../../auth/auth-repository';
import type { AuthenticatedAdmin } from '../../auth/auth-service';
import { verifyPassword } from '../../auth/password';
import type { SecretGuard } from '../../auth/secret-guard';
import { acceptedStep, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri, type SecretBox } from '../../auth/two-factor';
import { HttpError, ValidationError, notFound } from '../../http/errors';

/** The browser, its major version and the system of a user agent; null when no browser is recognised. */
export function deviceOf(userAgent: string | null): { browser: string; version: string | null; os: string | null } | null {
  if (!userAgent) return null;
  const { browser, os } = new UAParser(userAgent).getResult();
  if (!browser.name) return null;
  return { browser: browser.name, version: browser.major ?? null, os: os.name ?? null };
}

/** "Chrome 131 on Windows" from a user agent; null when nothing is recognised. */
export function browserSummary(userAgent: string | null): string | null {
  const device = deviceOf(userAgent);
  if (!device) return null;
  const name = [device.browser, device.version].filter(Boolean).join(' ');
  return device.os ? `${name} on ${device.os}` : name;
}

/** An admin's own second factor, and sessions (their own, or another admin's for a super admin). */
export function createSecurityService(db: Database, secrets: SecretBox, checkSecret: SecretGuard) {
  async function account(admin: AuthenticatedAdmin) {
    const found = await authRepository.findTwoFactor(db, admin.id);
    if (!found) throw notFound();
    return found;
  }

  /**
   * A current code of an enrolled (or pending) secret, spent so it cannot be replayed; counted on the
   * sign-in limits (auth/secret-guard.ts), as is every password checked here.
   */
  async function requireCode(admin: AuthenticatedAdmin, address: string, sealed: string | null, code: string, lastStep: number | null) {
    const passed = await checkSecret(admin, address, async () => {
      const step = sealed ? acceptedStep(secrets.open(sealed), code, lastStep) : null;
      return step !== null && (await authRepository.spendTotpStep(db, admin.id, step));
    });
    if (!passed) throw new ValidationError({ code: [securityMessages.invalidCode] });
  }

  async function sessions(userId: number, currentTokenId: number | null) {
    const rows = await authRepository.listSessions(db, userId);
    return rows.map((row) => ({
      id: row.id,
      created_at: new Date(row.created_at).toISOString(),
      last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
      expires_at: new Date(row.expires_at).toISOString(),
      ip: row.ip,
      browser: browserSummary(row.user_agent),
      device: deviceOf(row.user_agent),
      current: row.id === currentTokenId,
    }));
  }

  async function requireAdmin(adminId: number) {
    if (!(await authRepository.findAdminAccount(db, adminId))) throw notFound(securityMessages.adminNotFound);
  }

  return {
    async status(admin: AuthenticatedAdmin) {
      const found = await account(admin);
      return {
        two_factor_enabled: Boolean(found.totp_enabled_at),
        two_factor_enabled_at: found.totp_enabled_at ? new Date(found.totp_enabled_at).toISOString() : null,
        recovery_codes_left: found.totp_enabled_at ? await authRepository.countUnusedRecoveryCodes(db, admin.id) : 0,
      };
    },

    /** A new secret, pending until confirmed with a first code; refused while enrolled (disable first). */
    async setup(admin: AuthenticatedAdmin) {
      const found = await account(admin);
      if (found.totp_enabled_at) throw new HttpError(409, securityMessages.alreadyEnabled);
      const secret = newTotpSecret();
      await audited(db, admin.id, async (tx) => {
        await authRepository.setPendingSecret(tx, admin.id, secrets.seal(secret));
        return { result: undefined, audit: { action: 'two_factor.setup_started', entity: 'users', entityId: admin.id } };
      });
      const uri = otpauthUri(found.email, secret);
      return { secret, otpauth_uri: uri, qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }) };
    },

    /** Turns the second factor on; every other session of the account ends (a token from before enrolment is no longer enough). */
    async confirm(admin: AuthenticatedAdmin, address: string, code: string) {
      const found = await account(admin);
      if (found.totp_enabled_at) throw new HttpError(409, securityMessages.alreadyEnabled);
      if (!found.totp_secret) throw new HttpError(409, securityMessages.noPendingSetup);
      await requireCode(admin, address, found.totp_secret, code, found.totp_last_step);
      const codes = newRecoveryCodes();
      return audited(db, admin.id, async (tx) => {
        await authRepository.enableTotp(tx, admin.id);
        await authRepository.replaceRecoveryCodes(tx, admin.id, codes.map(hashRecoveryCode));
        const revoked = await authRepository.revokeOtherSessions(tx, admin.id, admin.tokenId);
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'session.revoked_others',
          entity: 'users',
          entityId: admin.id,
          after: { revoked, reason: 'two_factor_enabled' },
        });
        return { result: { recovery_codes: codes }, audit: { action: 'two_factor.enabled', entity: 'users', entityId: admin.id } };
      });
    },

    async regenerateRecoveryCodes(admin: AuthenticatedAdmin, address: string, code: string) {
      const found = await account(admin);
      if (!found.totp_enabled_at) throw new HttpError(409, securityMessages.notEnabled);
      await requireCode(admin, address, found.totp_secret, code, found.totp_last_step);
      const codes = newRecoveryCodes();
      return audited(db, admin.id, async (tx) => {
        await authRepository.replaceRecoveryCodes(tx, admin.id, codes.map(hashRecoveryCode));
        return {
          result: { recovery_codes: codes },
          audit: { action: 'two_factor.recovery_codes_regenerated', entity: 'users', entityId: admin.id },
        };
      });
    },

    async disable(admin: AuthenticatedAdmin, address: string, input: DisableTwoFactorInput) {
      const found = await account(admin);
      if (!found.totp_enabled_at) throw new HttpError(409, securityMessages.notEnabled);
      if ('code' in input) await requireCode(admin, address, found.totp_secret, input.code, found.totp_last_step);
      else if (!(await checkSecret(admin, address, () => verifyPassword(found.password_hash, input.password)))) {
        throw new ValidationError({ password: [securityMessages.badPassword] });
      }
      await audited(db, admin.id, async (tx) => {
        await authRepository.disableTotp(tx, admin.id);
        await authRepository.replaceRecoveryCodes(tx, admin.id, []);
        return { result: undefined, audit: { action: 'two_factor.disabled', entity: 'users', entityId: admin.id } };
      });
    },

    mySessions: (admin: AuthenticatedAdmin) => sessions(admin.id, admin.tokenId),

    async adminSessions(adminId: number) {
      await requireAdmin(adminId);
      return sessions(adminId, null);
    },

    /** Revokes one session of `ownerId` (the actor's own, or another admin's for a super admin). */
    async revoke(actor: AuthenticatedAdmin, ownerId: number, sessionId: number) {
      if (ownerId !== actor.id) await requireAdmin(ownerId);
      await audited(db, actor.id, async (tx) => {
        if (!(await authRepository.revokeSession(tx, ownerId, sessionId))) throw notFound(securityMessages.sessionNotFound);
        return {
          result: undefined,
          audit: { action: 'session.revoked', entity: 'access_tokens', entityId: sessionId, after: { user_id: ownerId } },
        };
      });
    },

    revokeOthers(actor: AuthenticatedAdmin) {
      return audited(db, actor.id, async (tx) => {
        const revoked = await authRepository.revokeOtherSessions(tx, actor.id, actor.tokenId);
        return {
          result: { revoked },
          audit: { action: 'session.revoked_others', entity: 'users', entityId: actor.id, after: { revoked } },
        };
      });
    },
  };
}
