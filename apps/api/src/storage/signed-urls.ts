import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Folders whose files are not public (patients' prescriptions, providers' documents):
 * served only with a short-lived signature that the API issues to an authenticated admin.
 */
export const privateFolders = ['prescriptions', 'attachments', 'licenses', 'data-exports'];
export const isPrivateKey = (key: string) => privateFolders.includes(key.split('/')[0] ?? '');

/**
 * Who a signed link to a private file was issued to (an admin or an app account), the record the file belongs
 * to and whose data it is (the patient of a prescription, the provider's account; 0 when nobody's): carried in
 * the link as `view=a12.prescription.345.678` (covered by the signature), so that opening it writes an access
 * row (storage-routes.ts) with no query. A private file is served only through such a link.
 */
export type FileView = {
  by: number;
  as: 'admin' | 'account';
  entity: 'prescription' | 'provider_attachment' | 'license';
  id: number;
  subject: number;
};
const fileViewPattern = /^([au])(\d{1,15})\.(prescription|provider_attachment|license)\.(\d{1,15})\.(\d{1,15})$/;
export const formatFileView = (view: FileView) => `${view.as === 'admin' ? 'a' : 'u'}${view.by}.${view.entity}.${view.id}.${view.subject}`;
export function parseFileView(text: string): FileView | undefined {
  const match = fileViewPattern.exec(text);
  if (!match) return undefined;
  const [, as, by, entity, id, subject] = match;
  return { as: as === 'a' ? 'admin' : 'account', by: Number(by), entity: entity as FileView['entity'], id: Number(id), subject: Number(subject) };
}

export function createUrlSigner(secret: string, now: () => number = Date.now) {
  // A download name is signed too, so that a link cannot be made to save the file under another name. Those
  // links sign a JSON array (no raw line break), which no line-separated message of the others can equal.
  const message = (key: string, expires: number, view?: string, download?: string) => {
    if (download !== undefined) return JSON.stringify([key, expires, view ?? null, download]);
    return view === undefined ? `${key}\n${expires}` : `${key}\n${expires}\n${view}`;
  };
  const signature = (key: string, expires: number, view?: string, download?: string) =>
    createHmac('sha256', secret).update(message(key, expires, view, download)).digest('base64url');

  return {
    /**
     * `/storage/{key}?expires=…&signature=…` (and `&view=…`, whom it was issued to for which record — required
     * for a private key —, `&download=…` to save it under that name), valid for ttlSeconds.
     */
    sign(key: string, ttlSeconds = 15 * 60, view?: FileView, download?: string): string {
      // From the end of the current minute: the links a list hands out are the same all minute, so the list's answer
      // is the minute's (http/kept-answer.ts). A link lives ttlSeconds to a minute longer.
      const expires = (Math.floor(now() / 60_000) + 1) * 60 + ttlSeconds;
      const viewed = view ? formatFileView(view) : undefined;
      const link = `${encodeURI(key)}?expires=${expires}&signature=${signature(key, expires, viewed, download)}`;
      return `${link}${viewed ? `&view=${viewed}` : ''}${download === undefined ? '' : `&download=${encodeURIComponent(download)}`}`;
    },
    verify(key: string, expires: unknown, given: unknown, view?: string, download?: string): boolean {
      const at = Number(expires);
      if (!Number.isInteger(at) || at < now() / 1000 || typeof given !== 'string') return false;
      const expected = Buffer.from(signature(key, at, view, download));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
    /** A key for another purpose derived from the same APP_KEY (HMAC of the purpose), so no second secret is to be kept. */
    derivedKey(purpose: string): Buffer {
      return createHmac('sha256', secret).update(`sehha:${purpose}`).digest();
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
