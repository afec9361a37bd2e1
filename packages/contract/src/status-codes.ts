/**
 * Every status code the platform stores, in one place. Each list below is the one definition of its
 * vocabulary: the zod schemas of the contract use it, and the Drizzle schema builds a CHECK constraint
 * from it (apps/api/src/db/schema, migration 0008), so the database refuses any other value.
 *
 * - Account roles: who an account belongs to. Only `admin` may use the dashboard API.
 * - Account activity: `users.is_active` (true = active, false = deactivated). Deactivation
 *   revokes every token of the account; reactivation does not bring them back.
 * - Provider review status (doctors, pharmacies, medical institutions, medical centers, companies):
 *   `pending` on sign-up; admins accept (`approved`) or reject (`rejected`); `onHold` parks a
 *   provider whose papers need another look. "active"/"inactive" in labels are the account's activity.
 *   Allowed transitions (providerStatusTransitions in providers.ts, enforced by the API with a 422):
 *   pending → approved | rejected | onHold; onHold → approved | rejected; approved → rejected | onHold;
 *   rejected → approved. No admin decision returns a provider to pending: only the provider's own
 *   resubmission (POST /api/v1/provider/application) moves rejected or onHold back to pending, opening a
 *   new review round (provider_reviews) with submitted_at reset.
 * - Change requests: 0 waiting, 1 approved, 2 rejected (the database stores nothing else; a client shows
 *   an unknown value as closed, as the spec asks).
 *   Only waiting (0) requests can be decided (else 422). Accepting applies the whitelisted fields
 *   (name, phone, whatsapp_phone, address for providers, speciality_id for doctors) in the same
 *   transaction after validating them; rejecting applies nothing.
 * - Subscription plans: `is_archived` — deleting a plan that subscriptions reference archives it
 *   (hidden from the plans screen, kept for the subscriptions' history); an unused plan is deleted.
 * - Licenses: pending, approved, rejected (expiry is a date, "expired" is derived from it).
 * - Appointments (issue 27; FHIR's statuses, named for the apps): `held` (an online booking waiting for its payment,
 *   until hold_expires_at), `booked`, then `completed`, `no_show` or `cancelled` (cancelled_by patient, provider, or
 *   system when a hold expires unpaid). Nothing is deleted. `held` and `booked` are active: they occupy the doctor's
 *   and the patient's time (exclusion constraints, migration 0017). `type` 'website' = paid online, 'cash' at the visit
 *   (the app API says `online` for 'website').
 * - Prescription replies (the pharmacy's answer): available (with a price), partly_available, unavailable.
 * - Payment intents (a gateway's checkout for an online booking): pending, paid, failed, expired.
 * - User subscriptions: active, expired, cancelled. Payments: paid, refunded; method card, wallet or cash.
 * - Subscription plans' period unit: week or months.
 * - Countries, cities, states, institution types: `is_active` (inactive ones are hidden from the
 *   public side, kept for admins).
 *   Public reads that honour it: GET /api/countries, /api/cities?country_id=, /api/states?city_id=
 *   (a city or state of an inactive parent is hidden too). Any future public listing must filter it.
 */
import { z } from 'zod';

/** users.role */
export const accountRoles = ['admin', 'user', 'doctor', 'pharmacy', 'hospital', 'medical_center', 'company'] as const;
export const accountRoleSchema = z.enum(accountRoles);

/**
 * users.admin_role: what an admin account may do (issue 12; the permission table is permissions.ts).
 * `super_admin` everything; `reviewer` reads everything and decides providers, licenses and change
 * requests; `viewer` reads only. Only admin accounts carry one (CHECK); an admin account without one
 * is treated as a viewer, the least privilege. The session's `role` stays `admin` (the spec's login).
 */
export const adminRoles = ['super_admin', 'reviewer', 'viewer'] as const;
export const adminRoleSchema = z.enum(adminRoles);
export type AdminRole = z.infer<typeof adminRoleSchema>;

/** providers.kind */
export const providerKinds = ['doctor', 'pharmacy', 'hospital', 'medical_center', 'company'] as const;
export const providerKindSchema = z.enum(providerKinds);
export type ProviderKind = z.infer<typeof providerKindSchema>;

/** providers.status */
export const providerStatuses = ['pending', 'approved', 'rejected', 'onHold'] as const;
export const providerStatusSchema = z.enum(providerStatuses);
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

/** change_requests.status (a number, as the mobile apps send and read it). */
export const changeRequestStatus = { waiting: 0, approved: 1, rejected: 2 } as const;
export const changeRequestStatuses = [changeRequestStatus.waiting, changeRequestStatus.approved, changeRequestStatus.rejected] as const;

/** licenses.status (and license_counts.status, the counters kept per status). */
export const licenseStatuses = ['pending', 'approved', 'rejected'] as const;
export const licenseStatusSchema = z.enum(licenseStatuses);
export type LicenseStatus = z.infer<typeof licenseStatusSchema>;

/** review_claims.kind: the records the review queue hands out, one id space each (review-queue.ts). */
export const reviewRecordKinds = ['provider', 'license', 'change_request'] as const;
export const reviewRecordKindSchema = z.enum(reviewRecordKinds);
export type ReviewRecordKind = z.infer<typeof reviewRecordKindSchema>;

/** provider_attachments.kind */
export const attachmentKinds = ['license', 'syndicate_card', 'commercial_register', 'tax_card', 'national_id', 'other'] as const;
export const attachmentKindSchema = z.enum(attachmentKinds);

/** appointments.status and appointments.type ('website' = paid online, 'cash' = paid at the visit). */
export const appointmentStatuses = ['held', 'booked', 'completed', 'no_show', 'cancelled'] as const;
export const appointmentStatusSchema = z.enum(appointmentStatuses);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;
/** The statuses that occupy a doctor's (and a patient's) time: the exclusion constraints' WHERE. */
export const activeAppointmentStatuses = ['held', 'booked'] as const satisfies readonly AppointmentStatus[];
export const appointmentTypes = ['website', 'cash'] as const;
/** appointments.cancelled_by: who cancelled (`system`: an online booking's hold expired unpaid). */
export const appointmentCancellers = ['patient', 'provider', 'system'] as const;

/** The zone of a provider's wall-clock hours unless its schedule names another (provider_schedules.time_zone). */
export const defaultProviderTimeZone = 'Africa/Cairo';

/** prescriptions.reply_status: the pharmacy's answer. */
export const prescriptionReplyStatuses = ['available', 'partly_available', 'unavailable'] as const;
export const prescriptionReplyStatusSchema = z.enum(prescriptionReplyStatuses);

/** payment_intents.status: a gateway checkout for an online booking. */
export const paymentIntentStatuses = ['pending', 'paid', 'failed', 'expired'] as const;

/** user_subscriptions.status */
export const subscriptionStatuses = ['active', 'expired', 'cancelled'] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);

/** payments.method and payments.status */
export const paymentMethods = ['card', 'wallet', 'cash'] as const;
export const paymentStatuses = ['paid', 'refunded'] as const;

/** subscription_plans.period_unit */
export const planPeriodUnits = ['week', 'months'] as const;
export const planPeriodUnitSchema = z.enum(planPeriodUnits);

/** Who a bearer token is for: the admin API (/api/admin, /api/auth) or the app API (/api/v1); never both. */
export const tokenAudiences = ['admin', 'app'] as const;
export type TokenAudience = (typeof tokenAudiences)[number];

/** The languages an account's texts (SMS, email) are written in. */
export const accountLanguages = ['en', 'ar'] as const;

/** How an outbox message leaves: a text message or an email. */
export const outboxChannels = ['sms', 'email'] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

/**
 * An outbox row: waiting (or retrying), delivered, given up after the last try, or recalled before it left
 * (the decision that wrote it was undone; the deliverer takes only pending rows).
 */
export const outboxStatuses = ['pending', 'sent', 'failed', 'cancelled'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/**
 * What an outbox message is about (outbox.kind), shown translated in the notifications list and filtered by:
 * the list never shows a message's body (it may name a doctor or a visit), so the kind is what an admin reads.
 * Rows written before migration 0025 have none.
 */
export const notificationKinds = [
  'sign_in_code',
  'application_approved',
  'application_rejected',
  'application_on_hold',
  'change_request_accepted',
  'change_request_rejected',
  'appointment_reminder',
  'appointment_cancelled',
  'booking_paid',
  'booking_refund_due',
  'prescription_reply',
  'data_archive_ready',
  /** An offer or news (notifyAccount's `marketing`), written only for accounts that opted in. */
  'offer',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const notificationKindSchema = z.enum(notificationKinds);
export const outboxStatusSchema = z.enum(outboxStatuses);
export const outboxChannelSchema = z.enum(outboxChannels);

/**
 * provider_reviews.action: one row per step of a provider's review, in order: the application
 * (`submitted`, again on each resubmission, which opens a new round), each admin decision, and `undone`
 * when the admin took the decision before it back (the toast's Undo).
 */
export const providerReviewActions = ['submitted', 'approved', 'rejected', 'onHold', 'undone'] as const;
export type ProviderReviewAction = (typeof providerReviewActions)[number];

/**
 * Why a provider was rejected or held (provider_reviews.reason_codes): each has an English and an Arabic
 * label (messages.ts) that the dashboard offers and the provider's SMS/email quotes; `other` needs a note.
 */
export const decisionReasons = [
  'documents_unreadable',
  'documents_missing',
  'license_expired',
  'license_number_invalid',
  'name_mismatch',
  'speciality_mismatch',
  'other',
] as const;
export const decisionReasonSchema = z.enum(decisionReasons);
export type DecisionReason = z.infer<typeof decisionReasonSchema>;

// Health data protection (issue 28, Egypt's PDPL): the vocabularies of the access log, consents and requests.

/** access_logs.kind: what was read. */
export const accessKinds = [
  /** A list of prescriptions (admin, or a pharmacy's own). */
  'prescription_list',
  /** A prescription image opened through its signed link. */
  'prescription_image',
  /** A list of appointments (admin lists, a provider's day). */
  'appointment_list',
  /** A provider's attachment or licence opened through its signed link. */
  'provider_document',
  /** Any admin export: the list, its filters and the row count are in `details`. */
  'export',
  /** A person's own data archive, downloaded. */
  'data_archive',
  /** The access log itself, read by an admin. */
  'access_log',
  /** The notifications list: who was sent which kind of message (a reminder, a prescription reply). */
  'notification_list',
] as const;
export type AccessKind = (typeof accessKinds)[number];

/** access_logs.purpose: why the route reads it, declared once by the route. */
export const accessPurposes = [
  /** An admin overseeing the platform's records (lists of appointments, prescriptions). */
  'platform_oversight',
  /** An admin reviewing a provider's application, licence or change request. */
  'provider_review',
  /** A pharmacy preparing a prescription sent to it. */
  'prescription_fulfilment',
  /** A provider running its own appointments. */
  'care_delivery',
  /** An admin taking a list out as a file. */
  'reporting',
  /** Answering a person's own request about their data. */
  'data_subject_request',
  /** An admin checking who read what. */
  'privacy_audit',
] as const;
export type AccessPurpose = (typeof accessPurposes)[number];

/** Who read: an admin, an app account (a pharmacy, a provider, the person), or the platform itself. */
export const accessActorKinds = ['admin', 'account', 'system'] as const;
export type AccessActorKind = (typeof accessActorKinds)[number];

/** The versioned legal texts served to the apps. */
export const legalDocuments = ['privacy', 'terms'] as const;
export type LegalDocument = (typeof legalDocuments)[number];

/**
 * consents.purpose: what a consent covers. `health_data` (booking, prescriptions) and `terms` are needed to use
 * the app; `marketing` is an opt-in. Each is given to a version of its document (legal.ts).
 */
export const consentPurposes = ['health_data', 'terms', 'marketing'] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];

/** Where a consent or a data request came from. */
export const privacyChannels = ['app', 'email', 'phone', 'in_person', 'letter'] as const;
export type PrivacyChannel = (typeof privacyChannels)[number];

/** data_requests.kind: a person's rights under the law. */
export const dataRequestKinds = ['access', 'erasure', 'correction'] as const;
export type DataRequestKind = (typeof dataRequestKinds)[number];

/** data_requests.status: open while `received` or `in_progress`. */
export const dataRequestStatuses = ['received', 'in_progress', 'completed', 'rejected'] as const;
export type DataRequestStatus = (typeof dataRequestStatuses)[number];
export const openDataRequestStatuses = ['received', 'in_progress'] as const satisfies readonly DataRequestStatus[];
