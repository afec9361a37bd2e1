import { z } from 'zod';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';

/** Same limits as the API (storage/uploads.ts): PNG, JPEG or WebP, at most 5 MB. The API re-checks by content. */
export const maxImageBytes = 5 * 1024 * 1024;
export const imageTypes = ['image/png', 'image/jpeg', 'image/webp'];

const key = (k: ValidationMessageKey) => ({ error: k });

/** A chosen image file, checked before upload; `requiredKey` when none is chosen (null = optional, e.g. when editing). */
export const imageFileField = (requiredKey: ValidationMessageKey | null) => {
  const file = z
    .instanceof(File, key(requiredKey ?? 'required'))
    .refine((value) => imageTypes.includes(value.type), key('fileTypeInvalid'))
    .refine((value) => value.size <= maxImageBytes, key('fileTooLarge'));
  return requiredKey
    ? z
        .any()
        .refine((value) => value instanceof File, key(requiredKey))
        .pipe(file)
    : file.nullish();
};

/** Width and height of an image file, read by the browser. */
export function imageDimensions(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      reject(new Error('unreadable image'));
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });
}
