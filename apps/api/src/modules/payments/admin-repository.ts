import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { appointments } from '../../db/schema/appointments';
import { paymentIntents } from '../../db/schema/payment-intents';
import { providers } from '../../db/schema/providers';
import { deferredJoinPage } from '../../db/paging';
import { matchesSearch } from '../../db/search';
import { cappedCount, withTotal } from '../../db/totals';
import { toIso, toIsoRequired } from '../../db/dates';
import type { paymentIntentStatuses } from '@sehha/contract/status-codes';

type PaymentIntentStatus = (typeof paymentIntentStatuses)[number];

const patient = alias(users, 'patient');

export type PaymentFilter = {
  search?: string | undefined;
  status?: PaymentIntentStatus | undefined;
  /** A local day of the platform's zone ('YYYY-MM-DD') on which the checkout last changed. */
  date?: string | undefined;
};

/**
 * The list's filter over payment_intents alone. A day is [its local midnight, the next) of `timeZone`, read from
 * payment_intents_updated_idx (or, failed, from the partial index the operations home counts with: the same set).
 */
function where(filter: PaymentFilter, timeZone: string): SQL | undefined {
  const term = filter.search?.trim();
  return and(
    filter.status ? eq(paymentIntents.status, filter.status) : undefined,
    filter.date
      ? sql`${paymentIntents.updated_at} >= (${filter.date}::date::timestamp at time zone ${timeZone})
          and ${paymentIntents.updated_at} < ((${filter.date}::date + 1)::timestamp at time zone ${timeZone})`
      : undefined,
    term
      ? sql`(${paymentIntents.reference} = ${term}
          or ${paymentIntents.user_id} in (select ${users.id} from ${users} where ${matchesSearch(users.search, term)}))`
      : undefined,
  );
}

export const paymentAdminRepository = {
  /** One page of checkouts, last changed first: ids from payment_intents alone, then joined to patient and booking. */
  page(db: Database, timeZone: string, query: PaymentFilter & { page: number; perPage: number }) {
    const condition = where(query, timeZone);
    const total = cappedCount(db.select({ id: paymentIntents.id }).from(paymentIntents).where(condition));
    const order = [desc(paymentIntents.updated_at), desc(paymentIntents.id)];
    return deferredJoinPage(db, query, {
      shape: ['payments', query, timeZone],
      select: (filter) =>
        db
          .select(
            withTotal(
              {
                id: paymentIntents.id,
                reference: paymentIntents.reference,
                status: paymentIntents.status,
                amount: paymentIntents.amount,
                currency: paymentIntents.currency,
                driver: paymentIntents.driver,
                patient: { id: patient.id, name: patient.name },
                appointment: { id: appointments.id, starts_at: appointments.starts_at },
                provider: { id: providers.id, kind: providers.kind, name_ar: providers.name_ar, name_en: providers.name_en },
                paid_at: paymentIntents.paid_at,
                created_at: paymentIntents.created_at,
                updated_at: paymentIntents.updated_at,
              },
              total,
            ),
          )
          .from(paymentIntents)
          .innerJoin(patient, eq(patient.id, paymentIntents.user_id))
          .innerJoin(appointments, eq(appointments.id, paymentIntents.appointment_id))
          .innerJoin(providers, eq(providers.id, appointments.provider_id))
          .where(filter)
          .orderBy(...order)
          .$dynamic(),
      where: condition,
      id: paymentIntents.id,
      ids: (limit, offset) =>
        db
          .select({ id: paymentIntents.id })
          .from(paymentIntents)
          .where(condition)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      total,
      present: ({ provider, ...row }) => ({
        ...row,
        amount: Number(row.amount),
        appointment: { ...row.appointment, starts_at: toIsoRequired(row.appointment.starts_at), provider },
        paid_at: toIso(row.paid_at),
        created_at: toIsoRequired(row.created_at),
        updated_at: toIsoRequired(row.updated_at),
      }),
    });
  },
};
