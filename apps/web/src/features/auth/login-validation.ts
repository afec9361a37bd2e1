import type { LoginRequest } from '@sehha/contract/auth';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';

export type LoginField = keyof LoginRequest;
export type LoginErrors = Partial<Record<LoginField, string | undefined>>;

/**
 * The contract's `loginRequest` rules, read from the inputs' native constraints (required, type=email,
 * maxlength) instead of zod: zod and a form library would double the login screen's first load. The
 * API checks the same schema and answers 422 with translated messages for anything that gets past this.
 */
export function validateLogin(form: HTMLFormElement): Partial<Record<LoginField, ValidationMessageKey>> {
  const errors: Partial<Record<LoginField, ValidationMessageKey>> = {};
  const email = form.elements.namedItem('email') as HTMLInputElement;
  const password = form.elements.namedItem('password') as HTMLInputElement;
  if (email.validity.valueMissing || !email.value.trim()) errors.email = 'emailRequired';
  else if (!email.validity.valid) errors.email = 'emailInvalid';
  if (password.validity.valueMissing) errors.password = 'passwordRequired';
  else if (!password.validity.valid) errors.password = 'invalid';
  return errors;
}
