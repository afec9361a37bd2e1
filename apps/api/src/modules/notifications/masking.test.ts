import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone, shortError } from './masking';

describe('what the notifications list shows of a recipient', () => {
  it('keeps a phone number prefix and its last four digits', () => {
    expect(maskPhone('+201012344321')).toBe('+2010••••4321');
    expect(maskPhone('+201012344321')).not.toContain('1234');
    expect(maskPhone('+966501234567')).toBe('+9665••••4567');
    expect(maskPhone('12345')).toBe('•••45');
  });

  it('keeps the first letter of an address and its domain', () => {
    expect(maskEmail('ahmed.ali@example.com')).toBe('a••@example.com');
    expect(maskEmail('not-an-address')).toBe('•••');
  });

  it('masks addresses, numbers and credentials in a delivery error, and shortens it', () => {
    const error = shortError(
      '550 5.1.1 <ahmed.ali@example.com>: Recipient address rejected; to +201012344321 via smtp://user:secret@mail.example.com/x?token=abc',
    )!;
    expect(error).not.toMatch(/ahmed|1012344321|secret|token=abc/);
    expect(error).toContain('a••@example.com');
    expect(error).toContain('+2010');
    expect(shortError('x'.repeat(500))).toHaveLength(120);
    expect(shortError(null)).toBeNull();
  });
});
