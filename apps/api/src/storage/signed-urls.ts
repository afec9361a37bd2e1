import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Folders whose files are not public (patients' prescriptions, providers' documents):
 * served only with a short-lived signature that the API issues to an authenticated admin.
 */
export const privateFolders = ['prescriptions', 'attachments', 'licenses'];
export const isPrivateKey = (key: string) => privateFolders.includes(key.split('/')[0] ?? '');

export function createUrlSigner(secret: string, now: () => number = Date.now) {
  const signature = (key: string, expires: number) => createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');

  return {
    /** `/storage/{key}?expires=…&signature=…`, valid for ttlSeconds. */
    sign(key: string, ttlSeconds = 15 * 60): string {
      const expires = Math.floor(now() / 1000) + ttlSeconds;
      return `${encodeURI(key)}?expires=${expires}&signature=${signature(key, expires)}`;
    },
    verify(key: string, expires: unknown, given: unknown): boolean {
      const at = Number(expires);
      if (!Number.isInteger(at) || at < now() / 1000 || typeof given !== 'string') return false;
      const expected = Buffer.from(signature(key, at));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
