/** The app's prescription limits (config.ts reads them from the environment; documented in docs/configuration.md). */
export type PrescriptionSettings = {
  /** Prescriptions one account may send per hour (PRESCRIPTION_MAX_PER_HOUR); a replayed upload counts nothing. */
  maxPerHour: number;
  /** How long an image link handed to the app works (PRESCRIPTION_IMAGE_TTL_SECONDS): minutes, not hours. */
  imageTtlSeconds: number;
};

export const defaultPrescriptionSettings: PrescriptionSettings = { maxPerHour: 10, imageTtlSeconds: 5 * 60 };
