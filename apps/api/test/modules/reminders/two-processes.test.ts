import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { phoneAccountDomain } from '@sehha/contract/app-accounts';
import { openDatabase, type DatabaseHandle } from '../../../src/db/connection';
import { users } from '../../../src/db/schema/accounts';
import { appointments } from '../../../src/db/schema/appointments';
import { outbox } from '../../../src/db/schema/outbox';
import { freshPhone } from '../../support/app-accounts';
import { startSmsSink } from '../../support/message-sinks';
import { makeProvider } from '../../support/providers';
import { listening, spawnServer, type ServerProcess } from '../../support/server-process';
import { serverDatabase } from '../../support/test-database';

const onPostgres = process.env.TEST_DB === 'postgres';
const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * The production shape: two real API processes on one PostgreSQL database, each running the reminder job
 * and the outbox deliverer every few hundred milliseconds, an SMS gateway (sink) behind both. Every due
 * reminder reaches the gateway exactly once.
 */
describe.runIf(onPostgres)('reminders with two API processes on one PostgreSQL database', () => {
  const database = serverDatabase('sehha_reminders', { encoding: 'UTF8', template: inject('postgresTemplate') });
  let sms: Awaited<ReturnType<typeof startSmsSink>>;
  let handle: DatabaseHandle;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    sms = await startSmsSink();
    await database.create();
    handle = await openDatabase({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await handle?.close();
    await database.drop();
    await sms?.close();
  });

  it('sends each reminder once, whichever process writes and delivers it', async () => {
    const env = {
      DATABASE_URL: database.url,
      DB_POOL_MAX: '4',
      SMS_DRIVER: 'http',
      SMS_HTTP_URL: sms.url,
      OUTBOX_INTERVAL_MS: '100',
      REMINDER_INTERVAL_SECONDS: '0.2',
    };
    servers.push(spawnServer(env), spawnServer(env));
    await Promise.all(servers.map((server) => listening(server, 90_000)));

    // 40 patients, half reading Arabic, each with a visit due for its day-before reminder and one due for its two-hour one,
    // inserted at once while both processes' jobs run.
    const patients = await handle.db
      .insert(users)
      .values(
        Array.from({ length: 40 }, (_, i) => {
          const phone = freshPhone();
          return {
            name: `Patient ${i}`,
            email: `${phone.slice(1)}${phoneAccountDomain}`,
            phone,
            password_hash: '!',
            role: 'user' as const,
            language: i % 2 === 0 ? ('en' as const) : ('ar' as const),
          };
        }),
      )
      .returning({ id: users.id, phone: users.phone });
    const doctor = await makeProvider(handle.db, 'doctor', { status: 'approved', name_en: 'Dr Hany Kamal', name_ar: 'د. هاني كمال' });
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    await handle.db.insert(appointments).values(
      patients.flatMap((patient, i) => [
        // 13 h ahead and later, 15 minutes each: inside the day-before window (24 h to 12 h before).
        {
          user_id: patient.id,
          provider_id: doctor.id,
          starts_at: at(now + 13 * HOUR + i * 15 * MINUTE),
          ends_at: at(now + 13 * HOUR + (i + 1) * 15 * MINUTE),
        },
        // 75 minutes ahead and later, a minute each: inside the two-hour window.
        {
          user_id: patient.id,
          provider_id: doctor.id,
          starts_at: at(now + 75 * MINUTE + i * MINUTE),
          ends_at: at(now + 75 * MINUTE + (i + 1) * MINUTE),
        },
      ]),
    );

    const phones = patients.map((patient) => patient.phone!);
    const deadline = Date.now() + 60_000;
    const pending = async () =>
      (
        await handle.db
          .select({ n: sql<number>`count(*)::int` })
          .from(appointments)
          .where(sql`${appointments.reminded_day_before_at} is null and ${appointments.reminded_hours_before_at} is null`)
      )[0]!.n;
    while (Date.now() < deadline && ((await pending()) > 0 || sms.received.length < 80))
      await new Promise((resolve) => setTimeout(resolve, 200));
    // A little longer, to catch any second send.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    expect(await pending(), `${servers.map((server) => server.stderr()).join('\n')}`).toBe(0);
    const rows = await handle.db
      .select({ recipient: outbox.recipient, status: outbox.status, attempts: outbox.attempts })
      .from(outbox)
      .where(inArray(outbox.recipient, phones));
    expect(rows).toHaveLength(80);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect(sms.received).toHaveLength(80);
    expect(new Set(sms.received.map((text) => text.key)).size).toBe(80);
    for (const [i, phone] of phones.entries()) {
      const texts = sms.received.filter((text) => text.to === phone).map((text) => text.message);
      expect(texts, phone).toHaveLength(2);
      expect(texts.every((text) => text.includes(i % 2 === 0 ? 'Dr Hany Kamal' : 'د. هاني كمال'))).toBe(true);
    }
    // Neither process fell over meanwhile (a crashed one would leave all the work to the other).
    expect(servers.every((server) => server.alive())).toBe(true);
  }, 150_000);
});
