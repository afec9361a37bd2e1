import { dictionary } from '@zxcvbn-ts/language-common';
import { ValidationError } from '../http/errors';
import { maxPasswordLength, minPasswordLength, passwordPolicyMessages } from '@sehha/contract/messages';
import type { Message } from '../i18n/messages';
import { hashPassword } from './password';

export { maxPasswordLength, minPasswordLength, passwordPolicyMessages };

// zxcvbn-ts's list of ~49,000 most common passwords (all lower case), loaded once.
let commonPasswords: Set<string> | undefined;
const isCommon = (password: string) => {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
};

/**
 * What is wrong with a new admin password, or undefined when it is acceptable: at least 12
 * characters (counted as Unicode code points), at most 1024, and not one of the most common
 * passwords, whatever its case. Every way of setting an admin password goes through this.
 */
export function passwordProblem(password: string): Message | undefined {
  const length = [...password].length;
  if (length < minPasswordLength) return passwordPolicyMessages.tooShort;
  if (length > maxPasswordLength) return passwordPolicyMessages.tooLong;
  if (isCommon(password)) return passwordPolicyMessages.tooCommon;
  return undefined;
}

/** The argon2id hash of a new password that follows the policy; a 422 on `password` otherwise. */
export async function hashNewPassword(password: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw new ValidationError({ password: [problem] });
  return hashPassword(password);
}
