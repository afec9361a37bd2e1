import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The mobile numbers the app signs in, per country (E.164): a code is sent only to these, so a landline or
 * a premium-rate range never gets one. Egypt's mobile ranges are 010, 011, 012 and 015 and 8 digits.
 */
const mobileNumbers: Record<string, RegExp> = {
  EG: /^\+201[0125]\d{8}$/,
};

/** A phone as typed (+20…, 0020…, or 01… in Egypt), as E.164 when it is a mobile number of a supported country; else null. */
export function mobilePhone(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, '').replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(compact, { defaultCountry: 'EG' });
  if (!parsed?.country) return null;
  const pattern = mobileNumbers[parsed.country];
  return pattern?.test(parsed.number) ? parsed.number : null;
}

/** The block of numbers a phone belongs to (all but its last four digits): SMS pumping walks through such blocks. */
export const phonePrefix = (phone: string) => phone.slice(0, -4);
