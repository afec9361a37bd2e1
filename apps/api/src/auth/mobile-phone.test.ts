import { describe, expect, it } from 'vitest';
import { mobilePhone, phonePrefix } from './mobile-phone';

describe('mobilePhone', () => {
  it('normalises an Egyptian mobile number to E.164, however it is typed', () => {
    for (const typed of ['+201012345678', '00201012345678', '01012345678', '+20 101 234 5678', '+20 (10) 1234-5678']) {
      expect(mobilePhone(typed), typed).toBe('+201012345678');
    }
    for (const prefix of ['10', '11', '12', '15']) expect(mobilePhone(`+20${prefix}12345678`)).toBe(`+20${prefix}12345678`);
  });

  it('refuses landlines, other mobile ranges, wrong lengths, unsupported countries and text', () => {
    for (const typed of [
      '+20212345678',
      '+201312345678',
      '+2010123456789',
      '+20101234567',
      '+966512345678',
      '+14155550100',
      'hello',
      '',
      '+',
    ]) {
      expect(mobilePhone(typed), typed).toBeNull();
    }
  });

  it('groups numbers by all but their last four digits', () => {
    expect(phonePrefix('+201012345678')).toBe('+20101234');
  });
});
