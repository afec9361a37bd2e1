import type { Message, MessageParam } from '../i18n/messages';
import { commonMessages } from '../i18n/messages';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';

/** An error with an HTTP status and a bilingual message, answered as Laravel would. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Message,
    readonly headers: Record<string, string> = {},
    readonly params: Record<string, MessageParam> = {},
  ) {
    super(body.en);
  }
}

/** A 422 with field errors; values are contract message keys or bilingual messages. */
export class ValidationError extends HttpError {
  constructor(readonly fieldErrors: Record<string, Array<ValidationMessageKey | Message>>) {
    super(422, commonMessages.givenDataInvalid);
  }
}

export const notFound = (message: Message = commonMessages.notFound) => new HttpError(404, message);
export const forbidden = (message: Message = commonMessages.forbidden) => new HttpError(403, message);
export const unauthenticated = () => new HttpError(401, commonMessages.unauthenticated);
