import { z } from 'zod';
import { envelope } from './envelope';
import { defineMessages } from './messages';
import { consentSummary, signUpConsents } from './legal';
import { accountRoleSchema } from './status-codes';

/** The languages an app account reads its texts (SMS, email, answers) in. */
/**
 * An account made by phone sign-in has no email yet, but users.email is required and unique: it gets an
 * address under the reserved `.invalid` domain (RFC 2606), which no mail is ever sent to and the app shows as null.
 */
export const phoneAccountDomain = '@phone.sehha.invalid';
export const isPhoneAccountEmail = (email: string) => email.endsWith(phoneAccountDomain);

export const appLanguages = ['en', 'ar'] as const;
export const appLanguageSchema = z.enum(appLanguages, { error: 'languageInvalid' });

/** A phone as typed; the API normalises it to E.164 and checks the country's mobile prefix (apps/api/src/auth/mobile-phone.ts). */
const phoneField = z.string({ error: 'phoneRequired' }).trim().min(1, { error: 'phoneRequired' }).max(32, { error: 'mobilePhoneInvalid' });

export const otpRequest = z.object({ phone: phoneField, language: appLanguageSchema.optional() });
export type OtpRequest = z.infer<typeof otpRequest>;

export const otpCodeLength = 6;

export const verifyRequest = z.object({
  phone: phoneField,
  code: z
    .string({ error: 'codeRequired' })
    .trim()
    .regex(new RegExp(`^\\d{${otpCodeLength}}$`), { error: 'otpCodeInvalid' }),
  /** The name of an account created by this sign-in; ignored for an existing account. */
  name: z.string().trim().min(2, { error: 'nameMin' }).max(255, { error: 'nameMax' }).optional(),
  /**
   * The versions of the privacy notice and terms the person accepted (GET /api/v1/legal/…): required to create an
   * account; an existing account may send them to accept a new version while signing in.
   */
  consents: signUpConsents.optional(),
});
export type VerifyRequest = z.infer<typeof verifyRequest>;

export const appUser = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  /** Null until the account gives one (an account made by phone sign-in has none). */
  email: z.string().nullable(),
  role: accountRoleSchema,
  language: appLanguageSchema,
});
export type AppUser = z.infer<typeof appUser>;

export const verifyResponse = envelope(z.object({ token: z.string(), expires_at: z.string(), user: appUser }));
/** The account, and the consents the app must ask for again (a new version of a text, or a withdrawn one). */
export const appMeResponse = envelope(appUser.extend({ consent: consentSummary }));

/** A new mobile number: a code is sent to it, and the number changes only once that code comes back. */
export const phoneChangeRequest = z.object({ phone: phoneField });
export type PhoneChangeRequest = z.infer<typeof phoneChangeRequest>;
export const phoneChangeVerify = z.object({ phone: phoneField, code: verifyRequest.shape.code });
export type PhoneChangeVerify = z.infer<typeof phoneChangeVerify>;

export const appMeUpdate = z
  .object({
    name: z.string({ error: 'required' }).trim().min(2, { error: 'nameMin' }).max(255, { error: 'nameMax' }),
    email: z
      .string({ error: 'emailRequired' })
      .trim()
      .max(255)
      .pipe(z.email({ error: 'emailInvalid' })),
    language: appLanguageSchema,
  })
  .partial();
export type AppMeUpdate = z.infer<typeof appMeUpdate>;

export const appAccountMessages = defineMessages({
  codeSent: { en: 'A code was sent by text message.', ar: 'تم إرسال رمز برسالة نصية.' },
  signedIn: { en: 'Signed in.', ar: 'تم تسجيل الدخول.' },
  signedOut: { en: 'Signed out.', ar: 'تم تسجيل الخروج.' },
  updated: { en: 'Your account was updated.', ar: 'تم تحديث حسابك.' },
  codeWrong: { en: 'The code is not right.', ar: 'الرمز غير صحيح.' },
  codeExpired: { en: 'The code has expired or was used: ask for a new one.', ar: 'انتهت صلاحية الرمز أو استُخدم: اطلب رمزًا جديدًا.' },
  resendTooSoon: {
    en: 'Wait {seconds, plural, one {# second} other {# seconds}} before asking for another code.',
    ar: 'انتظر {seconds, plural, one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}} قبل طلب رمز آخر.',
  },
  tooManyCodes: { en: 'Too many codes were asked for. Try again later.', ar: 'طُلبت رموز كثيرة جدًا. حاول مرة أخرى لاحقًا.' },
  deactivated: { en: 'This account is deactivated.', ar: 'هذا الحساب غير مفعّل.' },
  providersOnly: { en: 'This is for provider accounts of another kind.', ar: 'هذا مخصص لحسابات مقدمي خدمة من نوع آخر.' },
  emailTaken: { en: 'This email address is already in use.', ar: 'هذا البريد الإلكتروني مستخدم بالفعل.' },
  phoneTaken: { en: 'This mobile number belongs to another account.', ar: 'رقم الهاتف هذا مسجّل لحساب آخر.' },
  phoneUnchanged: { en: 'This is already your mobile number.', ar: 'هذا هو رقم هاتفك الحالي بالفعل.' },
  phoneCodeSent: {
    en: 'A code was sent by text message to the new number.',
    ar: 'تم إرسال رمز برسالة نصية إلى الرقم الجديد.',
  },
  phoneChanged: { en: 'Your mobile number was changed.', ar: 'تم تغيير رقم هاتفك.' },
  /** The text message itself. */
  codeText: {
    en: 'Your Sehha code is {code}. It expires in 5 minutes. Do not share it.',
    ar: 'رمز صحة الخاص بك هو {code}. تنتهي صلاحيته خلال ٥ دقائق. لا تشاركه مع أحد.',
  },
});
