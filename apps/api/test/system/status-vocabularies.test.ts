import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import {
  accountRoles,
  appointmentCancellers,
  paymentIntentStatuses,
  prescriptionReplyStatuses,
  adminRoles,
  appointmentStatuses,
  appointmentTypes,
  attachmentKinds,
  changeRequestStatuses,
  decisionReasons,
  accountLanguages,
  licenseStatuses,
  outboxChannels,
  notificationKinds,
  outboxStatuses,
  paymentMethods,
  paymentStatuses,
  planPeriodUnits,
  providerKinds,
  providerReviewActions,
  providerStatuses,
  subscriptionStatuses,
  tokenAudiences,
  accessActorKinds,
  accessKinds,
  accessPurposes,
  consentPurposes,
  legalDocuments,
  privacyChannels,
  dataRequestKinds,
  dataRequestStatuses,
  reviewRecordKinds,
} from '@sehha/contract/status-codes';
import { queryRows, type Database } from '../../src/db/database';
import { postgresError } from '../../src/db/errors';
import { createTestDatabase, type TestDatabaseHandle } from '../support/test-database';

/**
 * Every status-like column holds a vocabulary of the contract (status-codes.ts), and the database refuses
 * any other value with a CHECK constraint built from the same list (migration 0008). For each one: the
 * constraint allows exactly the contract's values, each of them can be stored, and a value outside is refused.
 */
type Vocabulary = {
  constraint: string;
  values: readonly (string | number)[];
  /** A value the contract does not have. */
  outside: string | number;
  /** An INSERT of one complete row (parents from `parents`) with `value` in the column under test. */
  insert: (value: string | number, parents: Parents) => SQL;
};

/** After every visit inserted so far: active visits of one provider and patient may not overlap (migration 0017). */
const nextVisit = sql`(select coalesce(max(ends_at), '2026-05-01 10:00:00+02') as at from appointments) as next_visit`;

/** Not vocabularies: ranges the booking tables hold (issue 27), each with a row outside it. */
const rangeChecks: Record<string, (p: Parents) => SQL> = {
  appointments_range_check: (p) =>
    sql`insert into appointments (user_id, provider_id, starts_at, ends_at) values (${p.userId}, ${p.providerId}, '2030-01-01 10:00+02', '2030-01-01 10:00+02')`,
  availability_hours_weekday_check: (p) =>
    sql`insert into availability_hours (provider_id, weekday, start_time, end_time) values (${p.providerId}, 7, '09:00', '17:00')`,
  availability_hours_range_check: (p) =>
    sql`insert into availability_hours (provider_id, weekday, start_time, end_time) values (${p.providerId}, 1, '17:00', '09:00')`,
  availability_exceptions_range_check: (p) =>
    sql`insert into availability_exceptions (provider_id, on_date, start_time) values (${p.providerId}, '2030-01-01', '09:00')`,
  provider_schedules_slot_check: (p) => sql`insert into provider_schedules (provider_id, slot_minutes) values (${p.providerId}, 1)`,
  provider_schedules_horizon_check: (p) => sql`insert into provider_schedules (provider_id, horizon_days) values (${p.providerId}, 0)`,
  provider_schedules_notice_check: (p) =>
    sql`insert into provider_schedules (provider_id, min_notice_minutes) values (${p.providerId}, -1)`,
  prescriptions_images_check: (p) =>
    sql`insert into prescriptions (user_id, pharmacy_id, images) values (${p.userId}, ${p.providerId}, array[]::text[])`,
};

/** Not a vocabulary: an admin role belongs to admin accounts only (tested on its own below). */

const adminRoleOnlyForAdmins = 'users_admin_role_only_admins_check';
/** Not a vocabulary either: two-factor sign-in is on only with a stored secret (migration 0010). */
const totpEnabledHasSecret = 'users_totp_enabled_has_secret_check';

type Parents = { userId: number; providerId: number; planId: number; subscriptionId: number };

const vocabularies: Vocabulary[] = [
  ...(
    [
      ['access_logs_actor_kind_check', accessActorKinds, 'robot', 'actor_kind'],
      ['access_logs_kind_check', accessKinds, 'diary', 'kind'],
      ['access_logs_purpose_check', accessPurposes, 'curiosity', 'purpose'],
    ] as const
  ).map(([constraint, values, outside, column]): Vocabulary => ({
    constraint,
    values,
    outside,
    insert: (value) => {
      const row: Record<string, string | number> = { actor_kind: 'system', kind: 'export', purpose: 'reporting', [column]: value };
      return sql`insert into access_logs (actor_kind, kind, purpose, route) values (${row.actor_kind}, ${row.kind}, ${row.purpose}, 'GET /x')`;
    },
  })),
  ...(
    [
      ['consents_purpose_check', consentPurposes, 'profiling', 'purpose'],
      ['consents_document_check', legalDocuments, 'cookies', 'document'],
      ['consents_channel_check', privacyChannels, 'fax', 'channel'],
    ] as const
  ).map(([constraint, values, outside, column]): Vocabulary => ({
    constraint,
    values,
    outside,
    insert: (value, p) => {
      const row: Record<string, string | number> = { purpose: 'health_data', document: 'privacy', channel: 'app', [column]: value };
      return sql`insert into consents (user_id, purpose, document, version, given, channel) values (${p.userId}, ${row.purpose}, ${row.document}, 1, true, ${row.channel})`;
    },
  })),
  ...(
    [
      ['data_requests_kind_check', dataRequestKinds, 'portability', 'kind'],
      ['data_requests_status_check', dataRequestStatuses, 'lost', 'status'],
      ['data_requests_channel_check', privacyChannels, 'fax', 'channel'],
    ] as const
  ).map(([constraint, values, outside, column]): Vocabulary => ({
    constraint,
    values,
    outside,
    insert: (value, p) => {
      const row: Record<string, string | number> = { kind: 'access', status: 'completed', channel: 'app', [column]: value };
      return sql`insert into data_requests (user_id, kind, status, channel, due_at) values (${p.userId}, ${row.kind}, ${row.status}, ${row.channel}, now())`;
    },
  })),
  {
    constraint: 'review_claims_kind_check',
    values: reviewRecordKinds,
    outside: 'appointment',
    insert: (value, p) =>
      sql`insert into review_claims (kind, record_id, admin_id, expires_at) values (${value}, ${p.providerId}, ${p.userId}, now())`,
  },
  {
    constraint: 'users_language_check',
    values: accountLanguages,
    outside: 'fr',
    insert: (value) =>
      sql`insert into users (name, email, password_hash, role, language) values ('V', ${`l-${String(value)}@example.com`}, 'x', 'user', ${value})`,
  },
  {
    constraint: 'access_tokens_audience_check',
    values: tokenAudiences,
    outside: 'both',
    insert: (value, p) =>
      sql`insert into access_tokens (user_id, token_hash, expires_at, audience) values (${p.userId}, ${`h-${String(value)}`}, now(), ${value})`,
  },
  {
    constraint: 'outbox_channel_check',
    values: outboxChannels,
    outside: 'push',
    insert: (value) => sql`insert into outbox (channel, recipient, body) values (${value}, 'r', 'b')`,
  },
  {
    constraint: 'outbox_kind_check',
    values: notificationKinds,
    outside: 'fax_reminder',
    insert: (value) => sql`insert into outbox (channel, recipient, body, kind) values ('sms', 'r', 'b', ${value})`,
  },
  {
    constraint: 'outbox_status_check',
    values: outboxStatuses,
    outside: 'sending',
    insert: (value) => sql`insert into outbox (channel, recipient, body, status) values ('sms', 'r', 'b', ${value})`,
  },
  {
    constraint: 'users_role_check',
    values: accountRoles,
    outside: 'superadmin',
    insert: (value) =>
      sql`insert into users (name, email, password_hash, role) values ('V', ${`v-${String(value)}@example.com`}, 'x', ${value})`,
  },
  {
    constraint: 'users_admin_role_check',
    values: adminRoles,
    outside: 'owner',
    insert: (value) =>
      sql`insert into users (name, email, password_hash, role, admin_role) values ('V', ${`a-${String(value)}@example.com`}, 'x', 'admin', ${value})`,
  },
  {
    constraint: 'providers_kind_check',
    values: providerKinds,
    outside: 'clinic',
    insert: (value, p) => sql`insert into providers (kind, user_id, name_ar, name_en) values (${value}, ${p.userId}, 'ا', 'A')`,
  },
  {
    constraint: 'providers_status_check',
    values: providerStatuses,
    outside: 'active',
    insert: (value, p) =>
      sql`insert into providers (kind, user_id, name_ar, name_en, status) values ('doctor', ${p.userId}, 'ا', 'A', ${value})`,
  },
  {
    constraint: 'provider_attachments_kind_check',
    values: attachmentKinds,
    outside: 'passport',
    insert: (value, p) =>
      sql`insert into provider_attachments (provider_id, kind, path, original_name, mime_type, size) values (${p.providerId}, ${value}, 'a.pdf', 'a.pdf', 'application/pdf', 1)`,
  },
  {
    constraint: 'provider_reviews_action_check',
    values: providerReviewActions,
    outside: 'resubmitted',
    insert: (value, p) => sql`insert into provider_reviews (provider_id, round, action) values (${p.providerId}, 1, ${value})`,
  },
  {
    constraint: 'provider_reviews_reason_codes_check',
    values: decisionReasons,
    outside: 'bad_mood',
    insert: (value, p) =>
      sql`insert into provider_reviews (provider_id, round, action, reason_codes) values (${p.providerId}, 1, 'rejected', array[${value}]::text[])`,
  },
  {
    constraint: 'provider_reviews_missing_documents_check',
    values: attachmentKinds,
    outside: 'passport',
    insert: (value, p) =>
      sql`insert into provider_reviews (provider_id, round, action, missing_documents) values (${p.providerId}, 1, 'onHold', array[${value}]::text[])`,
  },
  {
    constraint: 'licenses_status_check',
    values: licenseStatuses,
    outside: 'expired',
    insert: (value, p) =>
      sql`insert into licenses (provider_id, number, path, original_name, mime_type, expires_on, status) values (${p.providerId}, 'L-1', 'l.pdf', 'l.pdf', 'application/pdf', '2030-01-01', ${value})`,
  },
  {
    constraint: 'license_counts_status_check',
    values: licenseStatuses,
    outside: 'expired',
    insert: (value) => sql`insert into license_counts (status, expires_on, total) values (${value}, '2031-01-01', 1)`,
  },
  {
    constraint: 'change_requests_status_check',
    values: changeRequestStatuses,
    outside: 3,
    insert: (value, p) => sql`insert into change_requests (user_id, status, changes) values (${p.userId}, ${value}, '{}'::jsonb)`,
  },
  {
    constraint: 'appointments_status_check',
    values: appointmentStatuses,
    outside: 'missed',
    insert: (value, p) =>
      sql`insert into appointments (user_id, provider_id, starts_at, ends_at, status) select ${p.userId}, ${p.providerId}, at, at + interval '30 minutes', ${value} from ${nextVisit}`,
  },
  {
    constraint: 'appointments_type_check',
    values: appointmentTypes,
    outside: 'visa',
    insert: (value, p) =>
      sql`insert into appointments (user_id, provider_id, starts_at, ends_at, type) select ${p.userId}, ${p.providerId}, at, at + interval '30 minutes', ${value} from ${nextVisit}`,
  },
  {
    constraint: 'appointments_cancelled_by_check',
    values: appointmentCancellers,
    outside: 'doctor',
    insert: (value, p) =>
      sql`insert into appointments (user_id, provider_id, starts_at, ends_at, status, cancelled_by) select ${p.userId}, ${p.providerId}, at, at + interval '30 minutes', 'cancelled', ${value} from ${nextVisit}`,
  },
  {
    constraint: 'prescriptions_reply_status_check',
    values: prescriptionReplyStatuses,
    outside: 'maybe',
    insert: (value, p) =>
      sql`insert into prescriptions (user_id, pharmacy_id, images, reply_status) values (${p.userId}, ${p.providerId}, array['prescriptions/x.png'], ${value})`,
  },
  {
    constraint: 'payment_intents_status_check',
    values: paymentIntentStatuses,
    outside: 'refunded',
    insert: (value, p) =>
      sql`with visit as (insert into appointments (user_id, provider_id, starts_at, ends_at, status) select ${p.userId}, ${p.providerId}, at, at + interval '30 minutes', 'cancelled' from ${nextVisit} returning id)
          insert into payment_intents (appointment_id, user_id, driver, reference, amount, payment_url, expires_at, status)
          select id, ${p.userId}, 'fake', 'ref-' || ${value}, 100, 'http://pay.test', now(), ${value} from visit`,
  },
  {
    constraint: 'subscription_plans_period_unit_check',
    values: planPeriodUnits,
    outside: 'year',
    insert: (value) => sql`insert into subscription_plans (name_ar, name_en, price, period_unit) values ('خطة', 'Plan', 10, ${value})`,
  },
  {
    constraint: 'user_subscriptions_status_check',
    values: subscriptionStatuses,
    outside: 'paused',
    insert: (value, p) =>
      sql`insert into user_subscriptions (user_id, plan_id, price_paid, starts_at, ends_at, status) values (${p.userId}, ${p.planId}, 10, now(), now() + interval '1 month', ${value})`,
  },
  {
    constraint: 'payments_method_check',
    values: paymentMethods,
    outside: 'cheque',
    insert: (value, p) =>
      sql`insert into payments (subscription_id, user_id, amount, method, paid_at) values (${p.subscriptionId}, ${p.userId}, 10, ${value}, now())`,
  },
  {
    constraint: 'payments_status_check',
    values: paymentStatuses,
    outside: 'pending',
    insert: (value, p) =>
      sql`insert into payments (subscription_id, user_id, amount, method, status, paid_at) values (${p.subscriptionId}, ${p.userId}, 10, 'card', ${value}, now())`,
  },
];

const rolledBack = new Error('rolled back on purpose');

/** Runs the statement in a transaction that is always rolled back; the database's refusal, or null if it was accepted. */
async function attempt(db: Database, statement: SQL): Promise<unknown> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(statement);
      throw rolledBack;
    });
  } catch (error) {
    return error === rolledBack ? null : error;
  }
  return null;
}

/** The values of a CHECK (column = ANY (ARRAY[…])) as PostgreSQL prints it: quoted text, or integers. */
function allowedValues(definition: string): (string | number)[] {
  const array = /ARRAY\[(.*)\]/.exec(definition)?.[1];
  if (array === undefined) throw new Error(`not a list constraint: ${definition}`);
  const texts = [...array.matchAll(/'((?:[^']|'')*)'/g)].map((match) => (match[1] as string).replaceAll("''", "'"));
  return texts.length > 0 ? texts : array.split(',').map((item) => Number(item.trim()));
}

describe('status vocabularies enforced by the database', () => {
  let handle: TestDatabaseHandle;
  let parents: Parents;
  let checks: Map<string, string>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const one = async (statement: SQL) => (await queryRows<{ id: number }>(handle.db, statement))[0]!.id;
    const userId = await one(
      sql`insert into users (name, email, password_hash, role) values ('Parent', 'parent@example.com', 'x', 'doctor') returning id`,
    );
    const providerUser = await one(
      sql`insert into users (name, email, password_hash, role) values ('Doc', 'doc@example.com', 'x', 'doctor') returning id`,
    );
    const providerId = await one(
      sql`insert into providers (kind, user_id, name_ar, name_en) values ('doctor', ${providerUser}, 'د', 'D') returning id`,
    );
    const planId = await one(
      sql`insert into subscription_plans (name_ar, name_en, price, period_unit) values ('خطة', 'Plan', 10, 'months') returning id`,
    );
    const subscriptionId = await one(
      sql`insert into user_subscriptions (user_id, plan_id, price_paid, starts_at, ends_at) values (${userId}, ${planId}, 10, now(), now() + interval '1 month') returning id`,
    );
    parents = { userId: Number(userId), providerId: Number(providerId), planId: Number(planId), subscriptionId: Number(subscriptionId) };
    const rows = await queryRows<{ name: string; definition: string }>(
      handle.db,
      sql`select c.conname as name, pg_get_constraintdef(c.oid) as definition from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where c.contype = 'c' and n.nspname = 'public'`,
    );
    checks = new Map(rows.map((row) => [row.name, row.definition]));
    // A fresh migrated database on a loaded 2-core machine can take most of the default minute.
  }, 120_000);
  afterAll(() => handle.close());

  it('has a vocabulary in this test for every CHECK constraint of the schema', () => {
    expect([...checks.keys()].sort()).toEqual(
      [...vocabularies.map((v) => v.constraint), adminRoleOnlyForAdmins, totpEnabledHasSecret, ...Object.keys(rangeChecks)].sort(),
    );
  });

  it.each(Object.entries(rangeChecks))('refuses a row outside %s', async (constraint, insert) => {
    expect(postgresError(await attempt(handle.db, insert(parents)))).toEqual({ code: '23514', constraint });
  });

  it('gives an admin role to admin accounts only', async () => {
    const refusal = postgresError(
      await attempt(
        handle.db,
        sql`insert into users (name, email, password_hash, role, admin_role) values ('U', 'u-r@example.com', 'x', 'user', 'viewer')`,
      ),
    );
    expect(refusal).toEqual({ code: '23514', constraint: adminRoleOnlyForAdmins });
    expect(
      await attempt(handle.db, sql`insert into users (name, email, password_hash, role) values ('A', 'a-none@example.com', 'x', 'admin')`),
    ).toBeNull();
  });

  it('turns two-factor sign-in on only with a stored secret', async () => {
    const refusal = postgresError(
      await attempt(
        handle.db,
        sql`insert into users (name, email, password_hash, role, totp_enabled_at) values ('T', 't-none@example.com', 'x', 'admin', now())`,
      ),
    );
    expect(refusal).toEqual({ code: '23514', constraint: totpEnabledHasSecret });
    expect(
      await attempt(
        handle.db,
        sql`insert into users (name, email, password_hash, role, totp_secret, totp_enabled_at) values ('T', 't-on@example.com', 'x', 'admin', 'v1.a.b.c', now())`,
      ),
    ).toBeNull();
  });

  describe.each(vocabularies)('$constraint', (vocabulary) => {
    it('allows exactly the contract list', () => {
      const definition = checks.get(vocabulary.constraint);
      expect(definition, `${vocabulary.constraint} is missing`).toBeDefined();
      expect(allowedValues(definition!).sort()).toEqual([...vocabulary.values].sort());
    });

    it('stores every value of the contract list', async () => {
      for (const value of vocabulary.values) {
        expect(await attempt(handle.db, vocabulary.insert(value, parents)), String(value)).toBeNull();
      }
    });

    it('refuses a value outside the list', async () => {
      expect(vocabulary.values).not.toContain(vocabulary.outside);
      const refusal = postgresError(await attempt(handle.db, vocabulary.insert(vocabulary.outside, parents)));
      expect(refusal).toEqual({ code: '23514', constraint: vocabulary.constraint });
    });
  });
});
