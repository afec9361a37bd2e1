import type { UrlSigner } from '../../storage/signed-urls';

/**
 * A prescription's private images as links for the account that asked (`viewerId`), valid `ttlSeconds`:
 * `/storage/prescriptions/….png?expires=…&signature=…&view=…`. The view is signed in, so opening one records
 * who looked at which prescription (storage-routes.ts); the bare path is refused.
 */
export function signedImages(signer: UrlSigner, keys: readonly string[], ttlSeconds: number, view: { viewerId: number; id: number }) {
  return keys.map((key) => {
    const link = signer.sign(key, ttlSeconds, { by: view.viewerId, entity: 'prescription', id: view.id });
    return { url: `/storage/${link}`, expires_at: Number(new URLSearchParams(link.split('?')[1]).get('expires')) };
  });
}
