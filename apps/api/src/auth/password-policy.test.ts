import { describe, expect, it } from 'vitest';
import { ValidationError } from '../http/errors';
import { hashNewPassword, passwordPolicyMessages, passwordProblem } from './password-policy';
import { verifyPassword } from './password';

describe('admin password policy', () => {
  it('refuses passwords shorter than 12 characters, counting characters rather than UTF-16 units', () => {
    expect(passwordProblem('Xk7#pq2!vLm')).toEqual(passwordPolicyMessages.tooShort);
    expect(passwordProblem('كلمة-مرور-طويلة')).toBeUndefined();
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑')).toEqual(passwordPolicyMessages.tooShort);
  });

  it('refuses the most common passwords whatever their case, from the shipped list', () => {
    for (const common of ['qwerty123456', 'Password1234', '1QAZ2WSX3EDC', 'administrator']) {
      expect(passwordProblem(common), common).toEqual(passwordPolicyMessages.tooCommon);
    }
  });

  it('refuses a password longer than the login form accepts', () => {
    expect(passwordProblem('x7'.repeat(513))).toEqual(passwordPolicyMessages.tooLong);
  });

  it('accepts a long, uncommon password and hashes it', async () => {
    expect(passwordProblem('correct-horse-battery-staple')).toBeUndefined();
    expect(passwordProblem('Admin-e2e-Password-1')).toBeUndefined();
    const hash = await hashNewPassword('correct-horse-battery-staple');
    expect(await verifyPassword(hash, 'correct-horse-battery-staple')).toBe(true);
  });

  it('refuses to hash a bad new password with a 422 on the password field, in both languages', async () => {
    const error = await hashNewPassword('letmein').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual({ password: [passwordPolicyMessages.tooShort] });
    for (const message of Object.values(passwordPolicyMessages)) {
      expect(message.en).not.toBe(message.ar);
      expect(message.ar).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
