/** The app sign-in's settings (config.ts reads them from the environment; the defaults are documented there). */
export type OtpSettings = {
  /** Codes sent per hour to one number (OTP_MAX_PER_NUMBER). */
  maxPerNumber: number;
  /** Codes sent per hour for one client address (OTP_MAX_PER_ADDRESS). */
  maxPerAddress: number;
  /** Codes sent per hour to one block of 10,000 numbers (OTP_MAX_PER_PREFIX): SMS pumping walks through such blocks. */
  maxPerPrefix: number;
  /** How long an app token lives (APP_TOKEN_TTL_DAYS). */
  tokenTtlDays: number;
};

export const defaultOtpSettings: OtpSettings = { maxPerNumber: 5, maxPerAddress: 20, maxPerPrefix: 100, tokenTtlDays: 90 };

/** Fixed by the product, not settings: a code lives 5 minutes, a resend waits 60 s, 5 wrong answers void a code. */
export const otpRules = { ttlSeconds: 300, resendSeconds: 60, maxWrongAnswers: 5 } as const;
