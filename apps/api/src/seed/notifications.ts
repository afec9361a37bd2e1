import type { NotificationKind } from '@sehha/contract/status-codes';
import { outbox } from '../db/schema/outbox';
import type { SeededUser } from './accounts';
import { insertAll } from './batch';
import type { SeedContext } from './context';
import { randomFor } from './random';

/** What a failed try left: gateway answers, never an address or a number (the list masks those anyway). */
const errors = ['SMS gateway answered 503', 'SMS gateway answered 429', 'Connection timeout', 'Greeting never received'];
const kinds: readonly NotificationKind[] = ['appointment_reminder', 'prescription_reply', 'change_request_accepted', 'booking_paid'];

/**
 * The outbox as a working platform leaves it: messages delivered, and some that failed for good after their last
 * try (a gateway outage) for the notifications list and the home's card. Bodies are placeholders: the list never
 * shows them. Nothing pending, so the demo server's deliverer has nothing of this to send.
 */
export async function seedNotifications(ctx: SeedContext, patients: readonly SeededUser[]): Promise<void> {
  const rng = randomFor('notifications');
  const reachable = patients.filter((p) => p.deactivatedAt === null && p.phone !== null).slice(0, 30);
  const rows = reachable.flatMap((patient, i): Array<typeof outbox.$inferInsert> => {
    const kind = kinds[i % kinds.length]!;
    const createdAt = ctx.clock.olderThanYesterday(rng, 10);
    const failed = i % 3 === 0;
    const sms = {
      channel: 'sms' as const,
      recipient: patient.phone!,
      body: 'Sehha demo message',
      kind,
      user_id: patient.id,
      created_at: createdAt.toISOString(),
      due_at: createdAt.toISOString(),
    };
    return failed
      ? [{ ...sms, status: 'failed' as const, attempts: 5, last_error: rng.pick(errors) }]
      : [
          { ...sms, status: 'sent' as const, attempts: 1, sent_at: new Date(createdAt.getTime() + 2_000).toISOString() },
          {
            ...sms,
            channel: 'email' as const,
            recipient: patient.email,
            subject: 'Sehha',
            status: 'sent' as const,
            attempts: 1,
            sent_at: new Date(createdAt.getTime() + 3_000).toISOString(),
          },
        ];
  });
  await insertAll(ctx.db, outbox, rows);
}
