import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { authenticator } from 'otplib';

/** RFC 6238 with the defaults every authenticator app uses: SHA-1, 6 digits, 30-second steps. */
const stepSeconds = 30;
/** One step either side: a phone clock a little off still works. */
const window = 1;

/** A new random base32 secret (160 bits). */
export const newTotpSecret = () => authenticator.generateSecret(20);

export const otpauthUri = (email: string, secret: string) => authenticator.keyuri(email, 'Sehha', secret);

/**
 * The time step a code is valid for, or null. A step at or before `lastStep` is refused, so a code
 * accepted once cannot be used again within its window.
 */
export function acceptedStep(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const verifier = authenticator.clone({ window, epoch: now });
  const delta = verifier.checkDelta(code, secret);
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / stepSeconds) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** AES-256-GCM with a key derived from APP_KEY: the stored TOTP secret is useless without the app key. */
export function createSecretBox(key: Buffer) {
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(stored: string): string {
      const [version, iv, tag, sealed] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

/**
 * The pending-login challenge: `{userId}.{expires}.{hmac}`, signed with a key derived from APP_KEY.
 * Stateless: it proves only that the password was right a few minutes ago; each code sent with it is
 * still counted by the login throttle, and a code is single-use by its time step.
 */
export function createChallengeSigner(key: Buffer, ttlSeconds = 5 * 60, now: () => number = Date.now) {
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue(userId: number): string {
      const body = `${userId}.${Math.floor(now() / 1000) + ttlSeconds}`;
      return `${body}.${mac(body)}`;
    },
    /** The user id of a valid, unexpired challenge; null for anything else. */
    verify(challenge: string): number | null {
      const match = /^(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/.exec(challenge);
      if (!match) return null;
      const [, userId, expires, given] = match;
      const expected = Buffer.from(mac(`${userId}.${expires}`));
      if (!timingSafeEqual(expected, Buffer.from(given!))) return null;
      return Number(expires) < now() / 1000 ? null : Number(userId);
    },
  };
}
export type ChallengeSigner = ReturnType<typeof createChallengeSigner>;

const base32 = 'abcdefghijklmnopqrstuvwxyz234567';
export const recoveryCodeCount = 10;

/** Ten codes of 10 base32 characters (50 bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const chars = Array.from({ length: 10 }, () => base32[randomInt(base32.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a recovery code, from its normalised form (lower case, no dash: see the contract's recoveryCode). */
export const hashRecoveryCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
