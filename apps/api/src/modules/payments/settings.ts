export const paymentDriverNames = ['fake'] as const;
export type PaymentDriverName = (typeof paymentDriverNames)[number];

/** The payment gateway settings (config.ts reads them from the environment; documented in docs/configuration.md). */
export type PaymentSettings = {
  /** The gateway online bookings are paid through (PAYMENT_DRIVER): `fake`, a local page that succeeds or fails. */
  driver: PaymentDriverName;
  /** The fake gateway's HMAC secret (PAYMENT_HMAC_SECRET); derived from APP_KEY when absent. */
  hmacSecret?: string | undefined;
};

export const defaultPaymentSettings: PaymentSettings = { driver: 'fake' };
