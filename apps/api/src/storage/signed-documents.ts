import { safeFileName } from './storage-routes';
import type { FileView, UrlSigner } from './signed-urls';

/**
 * A private document (provider attachments, licenses) as the admin receives it: a signed URL
 * to preview and a signed URL that downloads under a sanitised version of the uploaded name.
 */
export function signedDocument(signer: UrlSigner, file: { path: string; original_name: string; mime_type: string }, view?: FileView) {
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(file.path)?.[0] ?? '';
  const name = safeFileName(file.original_name);
  const downloadName = name.toLowerCase().endsWith(extension.toLowerCase()) ? name : `${name}${extension}`;
  return {
    name: file.original_name,
    mime_type: file.mime_type,
    url: `/storage/${signer.sign(file.path, undefined, view)}`,
    // The name is under the signature: a link cannot be edited to save the file as something else.
    download_url: `/storage/${signer.sign(file.path, undefined, view, downloadName)}`,
  };
}
