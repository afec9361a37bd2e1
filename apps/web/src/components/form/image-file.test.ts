import { describe, expect, it } from 'vitest';
import { imageFileField, maxImageBytes } from './image-file';

const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'f', { type });
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('imageFileField', () => {
  it('requires a file when creating, with the given message', () => {
    const field = imageFileField('flagImageRequired');
    expect(messages(field.safeParse(null))).toEqual(['flagImageRequired']);
    expect(messages(field.safeParse(undefined))).toEqual(['flagImageRequired']);
    expect(field.safeParse(file('image/png')).success).toBe(true);
  });

  it('accepts no file when editing', () => {
    expect(imageFileField(null).safeParse(null).success).toBe(true);
    expect(imageFileField(null).safeParse(undefined).success).toBe(true);
  });

  it('refuses other types and files over 5 MB before upload', () => {
    const field = imageFileField('imageRequired');
    expect(messages(field.safeParse(file('application/pdf')))).toEqual(['fileTypeInvalid']);
    expect(messages(field.safeParse(file('image/webp', maxImageBytes + 1)))).toEqual(['fileTooLarge']);
    expect(messages(imageFileField(null).safeParse(file('image/gif')))).toEqual(['fileTypeInvalid']);
  });
});
