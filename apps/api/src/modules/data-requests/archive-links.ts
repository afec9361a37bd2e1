import { createHmac, timingSafeEqual } from 'node:crypto';
import { appPaths } from '@sehha/contract/app-paths';
import type { UrlSigner } from '../../storage/signed-urls';

/**
 * The archive's download link: `/api/v1/me/data/{id}/download?expires=&signature=`, signed with a key derived from
 * APP_KEY for this purpose only (a storage link's signature can never open an archive, nor the reverse). The
 * signature covers the request id and the expiry.
 */
export function archiveLinks(signer: UrlSigner) {
  const key = signer.derivedKey('data-archive-links');
  const signature = (id: number, expires: number) => createHmac('sha256', key).update(`${id}\n${expires}`).digest('base64url');
  return {
    /** The link's path and query, valid until `expiresAt` (to the second). */
    path(id: number, expiresAt: Date) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${appPaths.myDataDownload(String(id))}?expires=${expires}&signature=${signature(id, expires)}`;
    },
    /** Whether the signature is this link's (the expiry is checked apart: an expired link answers 410, a forged one 403). */
    verify(id: number, expires: number, given: string) {
      const expected = Buffer.from(signature(id, expires));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
