/** The booking rules' settings (config.ts reads them from the environment; documented in docs/configuration.md). */
export type BookingSettings = {
  /** How long an online booking is held for its payment (BOOKING_HOLD_MINUTES). */
  holdMinutes: number;
  /** Patients cancel or move a visit up to this many minutes before it (BOOKING_CANCEL_CUTOFF_MINUTES). */
  cancelCutoffMinutes: number;
  /** Each process releases expired holds this often (BOOKING_HOLD_RELEASE_INTERVAL_MS); 0: never (tests release by hand). */
  holdReleaseIntervalMs: number;
  /** The payment driver an online booking's checkout is opened with (PAYMENT_DRIVER, the payments module's). */
  paymentDriver: string;
};

export const defaultBookingSettings: BookingSettings = {
  holdMinutes: 15,
  cancelCutoffMinutes: 120,
  holdReleaseIntervalMs: 0,
  paymentDriver: 'fake',
};
