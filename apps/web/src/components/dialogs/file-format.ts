/** `downloadUrl`: where Download points when it differs from the preview (e.g. a signed URL that sets a safe file name). */
export type Attachment = { url: string; name?: string; mimeType?: string | null; downloadUrl?: string };
export type FileFormat = 'image' | 'pdf' | 'unsupported';

const imageExtensions = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'avif']);

function extensionOf(value: string): string {
  const path = value.split(/[?#]/)[0] ?? '';
  const name = path.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** How a file can be previewed: by its MIME type when known, else by the extension of its name or URL. */
export function detectFileFormat(file: Attachment): FileFormat {
  const mime = file.mimeType?.toLowerCase().split(';')[0]?.trim();
  if (mime) {
    if (mime.startsWith('image/')) return 'image';
    if (mime === 'application/pdf') return 'pdf';
    if (mime !== 'application/octet-stream') return 'unsupported';
  }
  if (file.url.startsWith('data:image/')) return 'image';
  if (file.url.startsWith('data:application/pdf')) return 'pdf';
  const extension = extensionOf(file.name ?? '') || extensionOf(file.url);
  if (imageExtensions.has(extension)) return 'image';
  if (extension === 'pdf') return 'pdf';
  return 'unsupported';
}

/** The name a downloaded file gets. */
export function fileNameOf(file: Attachment, fallback: string): string {
  return file.name || decodeURIComponent(file.url.split(/[?#]/)[0]?.split('/').pop() || '') || fallback;
}
