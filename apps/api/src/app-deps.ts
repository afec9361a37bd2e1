import type { SecretGuard } from './auth/secret-guard';
import type { Database } from './db/database';
import type { ModuleMetrics } from './operations/metrics';
import type { Storage } from './storage/storage';
import type { UrlSigner } from './storage/signed-urls';
import type { OutboxDeliverer } from './outbox/deliverer';
import type { OtpSettings } from './modules/app-accounts/settings';
import type { ApplicationSettings } from './modules/provider-applications/settings';
import type { PaymentSettings } from './modules/payments/settings';
import type { PrescriptionSettings } from './modules/prescriptions/settings';
import type { Clock } from './clock';
import type { BookingSettings } from './modules/bookings/settings';
import type { LegalLibrary } from '@sehha/contract/legal';
import type { DataRequestSettings } from './modules/data-requests/settings';
import type { AccessLogWriter } from './access-log/writer';

/** What every module's routes receive; each module builds its own service from it. */
export type AppDeps = {
  db: Database;
  storage: Storage;
  signer: UrlSigner;
  config: { timeZone: string };
  /** Counters the modules feed (operations/metrics.ts): `metrics.uploads.inc({ outcome })`. */
  metrics: ModuleMetrics;
  /** Checks a password or code behind a session on the sign-in limits (auth/secret-guard.ts). */
  checkSecret: SecretGuard;
  /** Delivers the outbox (outbox/deliverer.ts): a module writes a message with outboxRepository.enqueue in its transaction. */
  outbox: OutboxDeliverer;
  /** The app's phone sign-in limits (OTP_MAX_PER_*). */
  otp: OtpSettings;
  /** The provider applications' limits (APPLICATION_MAX_PER_*). */
  applications: ApplicationSettings;
  /** The payment gateway (PAYMENT_DRIVER, PAYMENT_HMAC_SECRET): modules/payments. */
  payments: PaymentSettings;
  /** The app's prescription limit and image links' lifetime (PRESCRIPTION_*). */
  prescriptions: PrescriptionSettings;
  /** "Now" of the booking rules (slots, holds, cutoffs): the system clock, or a test's. */
  clock: Clock;
  /** Booking holds and cutoffs (BOOKING_*). */
  booking: BookingSettings;
  /** The privacy notice and terms, every version (the contract's legalLibrary; a test's with a newer version). */
  legal: LegalLibrary;
  /** A person's requests about their data: deadline, archive link lifetime, archive job interval (DATA_*). */
  dataRequests: DataRequestSettings;
  /** Who read health data (access-log/): routes declare `config.access` and tell what they read with accessed(). */
  accessLog: AccessLogWriter;
};
