import type { RetentionSettings } from '../modules/retention/settings';

/**
 * The data inventory (Egypt's Personal Data Protection Law, No. 151 of 2020): every category of personal data the
 * platform holds, where, why, who reads it and how long it is kept. Declared once, here: `npm run privacy:report`
 * prints it with the live retention periods, docs/privacy.md quotes it, and a test refuses a database table that is
 * neither named here nor in `tablesWithoutPersonalData`.
 */

/** Who can read a category: the person it is about, the providers who serve them, the admin roles, the public. */
export const readers = {
  person: 'the person it is about (app: own profile, visits, prescriptions, data export)',
  provider: 'the doctor or facility the visit is booked with (app provider screens)',
  pharmacy: 'the pharmacy the prescription was sent to (app pharmacy screens)',
  public: 'anyone (the public directory in the apps)',
  super_admin: 'admins with the super_admin role',
  reviewer: 'admins with the reviewer role (read, provider and licence decisions)',
  viewer: 'admins with the viewer role (read only)',
  operator: 'whoever operates the servers and the database (no screen shows it)',
} as const;
export type Reader = keyof typeof readers;

/** Every admin role reads every list (permission `read`); only super admins hold `privacy.manage`. */
const everyAdmin: Reader[] = ['super_admin', 'reviewer', 'viewer'];

/** How long something is kept: a retention period the job enforces (with its variable), or a rule. */
export type Keeping =
  | {
      what: string;
      period: { variable: string; days: (settings: RetentionSettings) => number; after: string };
    }
  | { what: string; rule: string };

export type DataCategory = {
  id: string;
  name: string;
  /** Tables and the columns holding the category's data (the whole row when the list is empty). */
  tables: Record<string, readonly string[]>;
  /** Storage folders (STORAGE_DIR or the S3 bucket) holding its files. */
  folders?: readonly string[];
  purpose: string;
  /** Whether the law counts it as sensitive (health data, biometric, children's…): explicit consent. */
  sensitive: boolean;
  readBy: readonly Reader[];
  kept: readonly Keeping[];
};

const untilErasure = 'while the account exists; an erasure deletes or pseudonymises it (docs/privacy.md#erasure)';

export const dataInventory: readonly DataCategory[] = [
  {
    id: 'identity',
    name: 'Account identity',
    tables: {
      users: ['name', 'email', 'role', 'admin_role', 'language', 'country_id', 'is_active', 'erased_at', 'created_at'],
    },
    purpose: 'Identify the account, sign it in and address the person in their language.',
    sensitive: false,
    readBy: ['person', 'provider', 'pharmacy', ...everyAdmin],
    kept: [{ what: 'name, email, role', rule: untilErasure }],
  },
  {
    id: 'contact',
    name: 'Contact details',
    tables: { users: ['phone', 'whatsapp_phone', 'email'] },
    purpose: 'Sign-in codes, booking and prescription notices, answers to data requests.',
    sensitive: false,
    readBy: ['person', ...everyAdmin],
    kept: [{ what: 'phone, WhatsApp number, email', rule: untilErasure }],
  },
  {
    id: 'provider_profiles',
    name: 'Provider profiles (doctors, pharmacies, facilities)',
    tables: {
      providers: ['name_ar', 'name_en', 'address', 'photo', 'consultation_fee', 'status', 'licensed_until'],
      pharmacy_branches: ['name_ar', 'name_en', 'address', 'phone'],
      facility_units: [],
      facility_unit_doctors: [],
      provider_schedules: [],
      availability_hours: [],
      availability_exceptions: [],
    },
    folders: ['provider-photos/ (public)'],
    purpose: 'The public directory: who practises where, when they can be booked, at what fee.',
    sensitive: false,
    readBy: ['public', 'person', ...everyAdmin],
    kept: [{ what: 'the profile', rule: 'while the provider is listed or its account exists' }],
  },
  {
    id: 'provider_documents',
    name: 'Provider documents and reviews',
    tables: {
      provider_attachments: ['path', 'original_name', 'mime_type', 'kind'],
      licenses: ['number', 'expires_on', 'status'],
      provider_reviews: ['action', 'reason_codes', 'reason_note', 'missing_documents', 'actor_id'],
      change_requests: ['changes', 'reason', 'decided_by'],
    },
    folders: ['attachments/ (private, signed links)', 'licenses/ (private, signed links)'],
    purpose: 'Check that a provider is who it says and licensed to practise; decide its changes.',
    sensitive: false,
    readBy: ['person', ...everyAdmin],
    kept: [{ what: 'documents and decisions', rule: "while the provider's account exists (the review history is the platform's proof)" }],
  },
  {
    id: 'appointments',
    name: 'Health: appointments',
    tables: {
      appointments: ['user_id', 'provider_id', 'facility_id', 'starts_at', 'ends_at', 'status', 'price', 'cancel_reason', 'cancelled_by'],
    },
    purpose: 'Book, remind, move and cancel visits; the provider prepares the visit.',
    sensitive: true,
    readBy: ['person', 'provider', ...everyAdmin],
    kept: [
      {
        what: 'the visit',
        rule: 'kept for the provider\'s records; after an erasure it points at a pseudonym ("Deleted patient #…")',
      },
    ],
  },
  {
    id: 'prescriptions',
    name: 'Health: prescriptions and their images',
    tables: { prescriptions: ['user_id', 'pharmacy_id', 'images', 'note', 'reply_status', 'reply_price', 'reply_note', 'replied_at'] },
    folders: ['prescriptions/ (private, signed links valid minutes)'],
    purpose: 'Ask a pharmacy whether it has what the prescription lists, and at what price.',
    sensitive: true,
    readBy: ['person', 'pharmacy', ...everyAdmin],
    kept: [
      {
        what: 'the images',
        period: {
          variable: 'RETENTION_PRESCRIPTION_IMAGES_DAYS',
          days: (s) => s.prescriptionImagesDays,
          after: "the pharmacy's reply",
        },
      },
      { what: 'the note and the reply', rule: untilErasure },
    ],
  },
  {
    id: 'payments',
    name: 'Payments and subscriptions',
    tables: {
      payments: ['user_id', 'amount', 'method', 'status', 'paid_at'],
      payment_intents: ['user_id', 'reference', 'gateway_reference', 'amount', 'payment_url', 'failure_reason'],
      payment_events: ['event_id', 'outcome'],
      user_subscriptions: ['user_id', 'plan_id', 'price_paid', 'starts_at', 'ends_at', 'search'],
    },
    purpose: "Take online payments for bookings and subscriptions; the platform's accounts and revenue.",
    sensitive: false,
    readBy: ['person', ...everyAdmin],
    kept: [{ what: 'payments', rule: 'kept for the accounts (tax law); after an erasure they point at a pseudonym' }],
  },
  {
    id: 'consents',
    name: 'Consents',
    tables: { consents: [], users: ['privacy_version', 'terms_version', 'marketing_opt_in'] },
    purpose: 'Prove which version of the privacy notice and terms the person accepted or withdrew, and when.',
    sensitive: false,
    readBy: ['person', 'super_admin'],
    kept: [{ what: 'every decision', rule: 'kept as the proof of consent, also after an erasure (pseudonymous)' }],
  },
  {
    id: 'access_log',
    name: 'Access log (who read health data)',
    tables: { access_logs: [] },
    purpose: "The law's record of who accessed a person's health data or documents, when, from where and why.",
    sensitive: false,
    readBy: ['super_admin'],
    kept: [
      {
        what: 'each row',
        period: { variable: 'RETENTION_ACCESS_LOGS_DAYS', days: (s) => s.accessLogsDays, after: 'the read' },
      },
    ],
  },
  {
    id: 'audit_log',
    name: 'Audit log (admin changes)',
    tables: { audit_logs: ['actor_id', 'before', 'after'] },
    purpose: 'Who changed what in the dashboard; append-only.',
    sensitive: false,
    readBy: [...everyAdmin],
    kept: [{ what: 'each row', rule: 'kept; an erasure pseudonymises what a row quotes of the person' }],
  },
  {
    id: 'review_claims',
    name: 'Review queue claims (which admin holds which waiting record)',
    tables: { review_claims: ['admin_id', 'expires_at'] },
    purpose: 'Keep two admins in the review queue from deciding the same record at once (issue 29).',
    sensitive: false,
    readBy: [...everyAdmin],
    kept: [{ what: 'each row', rule: 'a few minutes: a claim expires after 5 (renewed while open) and is taken over or released' }],
  },
  {
    id: 'page_cache_change_log',
    name: "The page cache's change log (whose appointments changed, and with whom)",
    tables: { appointment_changes: ['user_id', 'provider_id', 'facility_id'] },
    purpose: 'Let a kept page of the appointments search outlive the bookings it cannot show (issue 27, db/change-log.ts).',
    sensitive: true,
    readBy: ['operator'],
    kept: [{ what: 'each row', rule: 'ten minutes: every API process prunes older rows every minute (sehha_prune_change_logs)' }],
  },
  {
    id: 'messages',
    name: 'Messages sent (SMS, email)',
    tables: { outbox: ['recipient', 'subject', 'body', 'user_id', 'sent_at'] },
    purpose: 'Deliver sign-in codes, reminders, prescription replies and data-request notices.',
    sensitive: true,
    readBy: ['person', 'operator'],
    kept: [
      {
        what: 'subject and body',
        period: { variable: 'RETENTION_MESSAGE_BODIES_DAYS', days: (s) => s.messageBodiesDays, after: 'delivery (or the last failed try)' },
      },
      { what: 'recipient and status', rule: untilErasure },
    ],
  },
  {
    id: 'sign_in',
    name: 'Sign-in records',
    tables: {
      otp_codes: ['phone', 'phone_prefix', 'address', 'code_hash'],
      login_attempts: ['key'],
      access_tokens: ['user_id', 'ip', 'user_agent', 'last_used_at'],
      recovery_codes: ['user_id', 'code_hash'],
      users: ['password_hash', 'totp_secret', 'totp_enabled_at', 'totp_last_step'],
    },
    purpose: 'Sign people in, limit guessing and SMS pumping, show admins their sessions.',
    sensitive: false,
    readBy: ['person', 'operator'],
    kept: [
      {
        what: 'sign-in codes',
        period: {
          variable: 'RETENTION_OTP_CODES_DAYS',
          days: (s) => s.otpCodesDays,
          after: 'they were sent (sign-in removes them after a day)',
        },
      },
      {
        what: 'attempt counters (hashed keys)',
        period: { variable: 'RETENTION_LOGIN_ATTEMPTS_DAYS', days: (s) => s.loginAttemptsDays, after: 'their window ended' },
      },
      { what: 'sessions', rule: 'until the token expires or is revoked (sign-out, erasure)' },
    ],
  },
  {
    id: 'data_requests',
    name: 'Data requests (access, erasure, correction)',
    tables: { data_requests: ['user_id', 'kind', 'status', 'channel', 'note', 'archive_key', 'handled_by'] },
    folders: ['the export archives named by data_requests.archive_key (private)'],
    purpose: "Answer a person's rights within the legal deadline, and show that it was answered.",
    sensitive: true,
    readBy: ['person', 'super_admin'],
    kept: [
      { what: 'an export archive', rule: 'until its link expires (DATA_EXPORT_TTL_HOURS); then the retention job deletes the file' },
      { what: 'the request', rule: 'kept as the proof of the answer' },
    ],
  },
];

/** Tables that hold no personal data, and why: a new table must be added here or to the inventory. */
export const tablesWithoutPersonalData: Readonly<Record<string, string>> = {
  change_log_horizons: "the page cache's change logs' pruning horizons (a transaction id each)",
  specialities: 'catalog',
  pharmacy_categories: 'catalog',
  institution_types: 'catalog',
  countries: 'catalog',
  cities: 'catalog',
  states: 'catalog',
  home_ads: "the platform's own ads",
  provider_ads: "providers' ads (business content)",
  medicines: "a pharmacy's products and prices",
  subscription_plans: 'catalog',
  plan_features: 'catalog',
  list_counters: 'totals of lists',
  license_counts: 'licence totals per status and expiry day',
  active_user_days: 'active users per day (counts)',
  hourly_activity: 'sign-ups, subscriptions and revenue per hour (counts)',
  appointment_counts: "a provider's number of visits (counts)",
  table_versions: 'write counters of the page cache',
};
