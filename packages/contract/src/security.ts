import { z } from 'zod';
import { idParam } from './fields';
import { envelope } from './envelope';
import { defineMessages } from './messages';

/** An admin's own second factor and sessions (permission `self`), and a super admin's view of another admin's sessions. */
export const securityPaths = {
  show: '/api/admin/security',
  setup: '/api/admin/security/two-factor/setup',
  confirm: '/api/admin/security/two-factor/confirm',
  recoveryCodes: '/api/admin/security/two-factor/recovery-codes',
  disable: '/api/admin/security/two-factor/disable',
  sessions: '/api/admin/sessions',
  revokeSession: (id: number | string) => `/api/admin/sessions/${id}/revoke`,
  revokeOtherSessions: '/api/admin/sessions/revoke-others',
  adminSessions: (adminId: number | string) => `/api/admin/admins/${adminId}/sessions`,
  revokeAdminSession: (adminId: number | string, id: number | string) => `/api/admin/admins/${adminId}/sessions/${id}/revoke`,
} as const;

/** The second step of a login: POST /api/auth/login/two-factor. */
export const twoFactorLoginPath = '/api/auth/login/two-factor';

/** Six digits from the authenticator app (spaces tolerated, as apps show them as "123 456"). */
export const totpCode = z
  .string({ error: 'codeRequired' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'codeInvalid' }));

/** A recovery code as shown (`xxxxx-xxxxx`); case, spaces and dashes do not matter. */
export const recoveryCode = z
  .string({ error: 'codeRequired' })
  .max(64, { error: 'codeInvalid' })
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, { error: 'codeInvalid' }));

/** The login answer of an admin with a second factor: no token yet, a short-lived challenge for the code step. */
export const twoFactorChallengeResponse = envelope(z.object({ two_factor_required: z.literal(true), challenge: z.string() }));
export type TwoFactorChallengeResponse = z.infer<typeof twoFactorChallengeResponse>;

/** The code step: the challenge and either a code or a recovery code. */
export const twoFactorLoginRequest = z.union([
  z.object({ challenge: z.string().min(1).max(512), code: totpCode }).strict(),
  z.object({ challenge: z.string().min(1).max(512), recovery_code: recoveryCode }).strict(),
]);
export type TwoFactorLoginRequest = z.infer<typeof twoFactorLoginRequest>;

export const codeInput = z.object({ code: totpCode });
export type CodeInput = z.infer<typeof codeInput>;

/** Turning the second factor off takes a current code, or the password when the phone is lost. */
export const disableTwoFactorInput = z.union([
  z.object({ code: totpCode }).strict(),
  z.object({ password: z.string({ error: 'passwordRequired' }).min(1, { error: 'passwordRequired' }).max(1024) }).strict(),
]);
export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorInput>;

export const securityStatus = z.object({
  two_factor_enabled: z.boolean(),
  two_factor_enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export const securityStatusResponse = envelope(securityStatus);

/** Enrolment: the secret (for manual entry), its otpauth URI and that URI as a QR code (an SVG document). */
export const twoFactorSetupResponse = envelope(z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() }));
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;

/** Ten one-time recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesResponse = envelope(z.object({ recovery_codes: z.array(z.string()) }));
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const session = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string(),
  ip: z.string().nullable(),
  /** "Chrome 131 on Windows", from the user agent the token was created with. */
  browser: z.string().nullable(),
  /** The same, in parts, for the dashboard to write in its language ("كروم ١٣١ على ويندوز"). */
  device: z.object({ browser: z.string(), version: z.string().nullable(), os: z.string().nullable() }).nullable(),
  /** The token this request was made with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof session>;
export const sessionsResponse = envelope(z.array(session));
export type SessionsResponse = z.infer<typeof sessionsResponse>;

export const sessionParams = z.object({ id: idParam });
export const adminSessionParams = z.object({ id: idParam, sessionId: idParam });

export const revokedResponse = envelope(z.object({ revoked: z.number().int() }));

export const securityMessages = defineMessages({
  twoFactorRequired: { en: 'Enter the code from your authenticator app.', ar: 'أدخل الرمز من تطبيق المصادقة.' },
  invalidCode: { en: 'The code is invalid or has already been used.', ar: 'الرمز غير صحيح أو سبق استخدامه.' },
  challengeExpired: { en: 'The sign-in has expired. Please log in again.', ar: 'انتهت مهلة تسجيل الدخول. يرجى تسجيل الدخول مجددًا.' },
  setupStarted: { en: 'Scan the QR code, then enter a code to confirm.', ar: 'امسح رمز QR ثم أدخل رمزًا للتأكيد.' },
  alreadyEnabled: { en: 'Two-factor sign-in is already on.', ar: 'التحقق بخطوتين مفعّل بالفعل.' },
  notEnabled: { en: 'Two-factor sign-in is not on.', ar: 'التحقق بخطوتين غير مفعّل.' },
  noPendingSetup: { en: 'Start the two-factor setup first.', ar: 'ابدأ إعداد التحقق بخطوتين أولًا.' },
  enabled: {
    en: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: they will not be shown again.',
    ar: 'تم تفعيل التحقق بخطوتين. احفظ رموز الاسترداد هذه في مكان آمن، فلن تظهر مرة أخرى.',
  },
  recoveryCodesRegenerated: {
    en: 'New recovery codes were made; the old ones no longer work.',
    ar: 'تم إنشاء رموز استرداد جديدة، ولم تعد الرموز القديمة صالحة.',
  },
  disabled: { en: 'Two-factor sign-in is off.', ar: 'تم إيقاف التحقق بخطوتين.' },
  badPassword: { en: 'The password is incorrect.', ar: 'كلمة المرور غير صحيحة.' },
  /** A run of wrong codes or passwords behind a session (the sign-in limits): the session is signed out. */
  tooManyAttempts: {
    en: 'Too many wrong codes or passwords. This session has been signed out; sign in again in {seconds, plural, one {# second} other {# seconds}}.',
    ar: 'رموز أو كلمات مرور خاطئة كثيرة جدًا. تم تسجيل الخروج من هذه الجلسة؛ سجّل الدخول مجددًا بعد {seconds, plural, one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}.',
  },
  sessionRevoked: { en: 'The session was signed out.', ar: 'تم تسجيل الخروج من الجلسة.' },
  otherSessionsRevoked: { en: 'Every other session was signed out.', ar: 'تم تسجيل الخروج من جميع الجلسات الأخرى.' },
  sessionNotFound: { en: 'Session not found.', ar: 'الجلسة غير موجودة.' },
  adminNotFound: { en: 'Admin not found.', ar: 'المشرف غير موجود.' },
  /** REQUIRE_2FA=true: a super admin without a second factor may only reach their own security screen. */
  setupRequired: {
    en: 'Two-factor sign-in is required for super admins. Turn it on in Security before using the dashboard.',
    ar: 'التحقق بخطوتين مطلوب للمشرفين العامّين. فعّله من صفحة الأمان قبل استخدام لوحة التحكم.',
  },
});
