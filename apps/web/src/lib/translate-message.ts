import type { TFunction } from 'i18next';
import { isValidationMessageKey } from '@sehha/contract/validation-messages';

/**
 * Field messages are either contract keys (client-side zod) or texts the server already
 * translated (422 bodies, sent with Accept-Language). Keys are translated, texts shown as they are.
 */
export function translateMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isValidationMessageKey(message) ? t(`validation:${message}`) : message;
}
