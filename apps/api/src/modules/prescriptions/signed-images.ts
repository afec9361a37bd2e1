import type { UrlSigner } from '../../storage/signed-urls';

/**
 * A prescription's private images as links for the account that asked (`viewerId`), valid `ttlSeconds`:
 * `/storage/prescriptions/….png?expires=…&signature=…&view=…`. The view (who the links were signed for, the
 * prescription and its patient) is signed in, so opening one writes an access row with no query (storage-routes.ts);
 * the patient's own opening is not logged. The bare path is refused.
 */
export function signedImages(
  signer: UrlSigner,
  keys: readonly string[],
  ttlSeconds: number,
  view: { viewerId: number; id: number; patientId: number },
) {
  return keys.map((key) => {
    const link = signer.sign(key, ttlSeconds, {
      by: view.viewerId,
      as: 'account',
      entity: 'prescription',
      id: view.id,
      subject: view.patientId,
    });
    return { url: `/storage/${link}`, expires_at: Number(new URLSearchParams(link.split('?')[1]).get('expires')) };
  });
}
