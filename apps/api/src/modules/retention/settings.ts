/**
 * How long personal data is kept before every API process's retention job deletes it (config.ts reads them from
 * the environment; docs/privacy.md justifies each default, docs/configuration.md lists the variables).
 */
export type RetentionSettings = {
  /** Days a prescription's images are kept after the pharmacy's reply (RETENTION_PRESCRIPTION_IMAGES_DAYS). */
  prescriptionImagesDays: number;
  /** Days an app sign-in code's row is kept (RETENTION_OTP_CODES_DAYS); sign-in deletes them after a day already. */
  otpCodesDays: number;
  /** Days a sign-in throttle counter is kept after its window ended (RETENTION_LOGIN_ATTEMPTS_DAYS). */
  loginAttemptsDays: number;
  /** Days an access-log row is kept (RETENTION_ACCESS_LOGS_DAYS): the record of who read whose data. */
  accessLogsDays: number;
  /** Days the text of a sent or failed message is kept (RETENTION_MESSAGE_BODIES_DAYS). */
  messageBodiesDays: number;
  /** Minutes between two rounds of a process's job (RETENTION_INTERVAL_MINUTES); 0: no rounds (tests run them by hand). */
  intervalMinutes: number;
};

export const defaultRetentionSettings: RetentionSettings = {
  prescriptionImagesDays: 90,
  otpCodesDays: 30,
  loginAttemptsDays: 90,
  accessLogsDays: 730,
  messageBodiesDays: 30,
  intervalMinutes: 60,
};

/** What the job deletes, in the order a round goes through them; the audit row's counts are keyed by these. */
export const retentionCategories = [
  'prescription_images',
  'otp_codes',
  'login_attempts',
  'access_logs',
  'message_bodies',
  'data_export_archives',
] as const;
export type RetentionCategory = (typeof retentionCategories)[number];

/** Each category's period in days (`null`: when its own expiry passes, the export archives' 24 h link). */
export function retentionDays(settings: RetentionSettings): Record<RetentionCategory, number | null> {
  return {
    prescription_images: settings.prescriptionImagesDays,
    otp_codes: settings.otpCodesDays,
    login_attempts: settings.loginAttemptsDays,
    access_logs: settings.accessLogsDays,
    message_bodies: settings.messageBodiesDays,
    data_export_archives: null,
  };
}
