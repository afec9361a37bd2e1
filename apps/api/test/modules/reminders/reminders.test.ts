import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { phoneAccountDomain } from '@sehha/contract/app-accounts';
import { users } from '../../../src/db/schema/accounts';
import { appointments } from '../../../src/db/schema/appointments';
import { providerSchedules } from '../../../src/db/schema/availability';
import { outbox } from '../../../src/db/schema/outbox';
import { ReminderJob } from '../../../src/modules/reminders/reminder-job';
import { createTestApp, type TestApp } from '../../support/test-app';
import { freshPhone } from '../../support/app-accounts';
import { makeProvider } from '../../support/providers';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * Reminders of booked visits (issue 27): written to the outbox a day and two hours before, in the patient's
 * language, with the visit's wall-clock time in the doctor's zone; never for a cancelled visit, again for a moved one.
 * Visits are inserted directly (the booking routes are another module's); the job is run by hand.
 */
describe('appointment reminders', () => {
  let t: TestApp;
  let job: ReminderJob;

  beforeAll(async () => {
    t = await createTestApp();
    job = new ReminderJob(t.db, { batchSize: 3 });
  });
  afterAll(() => t.close());

  /** A patient with a phone account (SMS only) reading `language`. */
  async function patient(language: 'en' | 'ar') {
    const phone = freshPhone();
    const [row] = await t.db
      .insert(users)
      .values({
        name: `Patient ${phone}`,
        email: `${phone.slice(1)}${phoneAccountDomain}`,
        phone,
        password_hash: '!',
        role: 'user',
        language,
      })
      .returning({ id: users.id });
    return { id: row!.id, phone };
  }

  /** A doctor of its own for each visit (no overlap with another test's visits). */
  const doctor = () => makeProvider(t.db, 'doctor', { status: 'approved', name_en: 'Dr Salma Fathy', name_ar: 'د. سلمى فتحي' });

  /** A 30-minute visit starting `leadMs` from now. */
  async function visit(userId: number, leadMs: number, values: Partial<typeof appointments.$inferInsert> = {}, providerId?: number) {
    providerId ??= (await doctor()).id;
    const starts = new Date(Date.now() + leadMs);
    const [row] = await t.db
      .insert(appointments)
      .values({
        user_id: userId,
        provider_id: providerId,
        starts_at: starts.toISOString(),
        ends_at: new Date(starts.getTime() + 30 * MINUTE).toISOString(),
        type: 'cash',
        status: 'booked',
        ...values,
      })
      .returning({ id: appointments.id });
    return row!.id;
  }

  const textsTo = async (phone: string) =>
    (
      await t.db.select({ body: outbox.body, channel: outbox.channel }).from(outbox).where(eq(outbox.recipient, phone)).orderBy(outbox.id)
    ).map((row) => row.body);
  const marks = async (id: number) =>
    (
      await t.db
        .select({ day: appointments.reminded_day_before_at, hours: appointments.reminded_hours_before_at })
        .from(appointments)
        .where(eq(appointments.id, id))
    )[0]!;
  const cairo = (instant: Date, language: 'en' | 'ar', options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'ar-EG', { timeZone: 'Africa/Cairo', ...options }).format(instant);

  it('reminds a visit a day before, in English, naming the doctor and the Cairo date and time; not twice', async () => {
    const { id: userId, phone } = await patient('en');
    const id = await visit(userId, 20 * HOUR);
    const starts = new Date((await t.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.starts_at);
    expect(await job.writeDue()).toBeGreaterThanOrEqual(1);
    const texts = await textsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toBe(
      `Reminder: you have an appointment with Dr Salma Fathy on ${cairo(starts, 'en', { weekday: 'long', month: 'long', day: 'numeric' })} at ${cairo(starts, 'en', { hour: 'numeric', minute: '2-digit' })}. If you cannot come, please cancel it in the app.`,
    );
    expect(await marks(id)).toMatchObject({ day: expect.any(String), hours: null });
    await job.writeDue();
    expect(await textsTo(phone)).toHaveLength(1);
  });

  it('reminds two hours before in Arabic, with Arabic-Indic digits and the Arabic name', async () => {
    const { id: userId, phone } = await patient('ar');
    const id = await visit(userId, 90 * MINUTE);
    await job.writeDue();
    const [text, ...more] = await textsTo(phone);
    expect(more).toHaveLength(0);
    expect(text).toContain('موعدك مع د. سلمى فتحي قريب');
    expect(text).toMatch(/[٠-٩]/);
    expect(text).not.toMatch(/[0-9]/);
    const starts = new Date(Date.now() + 90 * MINUTE);
    expect(text).toContain(cairo(starts, 'ar', { weekday: 'long', month: 'long', day: 'numeric' }));
    // Within 2 h, only the two-hour reminder: the day-before one is past its window.
    expect(await marks(id)).toMatchObject({ day: null, hours: expect.any(String) });
  });

  it('leaves visits outside the windows alone: more than a day ahead, 3 h ahead (until 2 h), past', async () => {
    const { id: userId, phone } = await patient('en');
    const far = await visit(userId, 30 * HOUR);
    const soon = await visit(userId, 3 * HOUR);
    const past = await visit(userId, -1 * HOUR);
    await job.writeDue();
    expect(await textsTo(phone)).toEqual([]);
    for (const id of [far, soon, past]) expect(await marks(id)).toEqual({ day: null, hours: null });
    // The visit booked 3 h ahead gets only the two-hour reminder, once 2 h are left.
    await t.db
      .update(appointments)
      .set({ starts_at: new Date(Date.now() + 110 * MINUTE).toISOString(), ends_at: new Date(Date.now() + 140 * MINUTE).toISOString() })
      .where(eq(appointments.id, soon));
    await job.writeDue();
    expect(await textsTo(phone)).toHaveLength(1);
    expect(await marks(soon)).toMatchObject({ day: null, hours: expect.any(String) });
  });

  it('never reminds a cancelled, held, completed or no-show visit', async () => {
    const { id: userId, phone } = await patient('en');
    const ids = [
      await visit(userId, 20 * HOUR, { status: 'cancelled', cancelled_by: 'patient' }),
      await visit(userId, 21 * HOUR, {
        status: 'held',
        type: 'website',
        hold_expires_at: new Date(Date.now() + 15 * MINUTE).toISOString(),
      }),
      await visit(userId, 22 * HOUR, { status: 'completed' }),
      await visit(userId, 100 * MINUTE, { status: 'no_show' }),
    ];
    await job.writeDue();
    expect(await textsTo(phone)).toEqual([]);
    for (const id of ids) expect(await marks(id)).toEqual({ day: null, hours: null });
  });

  it('reminds a moved visit again for its new time (a reschedule clears the marks), and not the old time', async () => {
    const { id: userId, phone } = await patient('en');
    const id = await visit(userId, 20 * HOUR);
    await job.writeDue();
    expect(await textsTo(phone)).toHaveLength(1);
    // Moved (as the booking module's reschedule does: new instants, marks cleared) to 16 h ahead.
    const moved = new Date(Date.now() + 16 * HOUR);
    await t.db
      .update(appointments)
      .set({
        starts_at: moved.toISOString(),
        ends_at: new Date(moved.getTime() + 30 * MINUTE).toISOString(),
        reminded_day_before_at: null,
        reminded_hours_before_at: null,
      })
      .where(eq(appointments.id, id));
    await job.writeDue();
    const texts = await textsTo(phone);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain(`at ${cairo(moved, 'en', { hour: 'numeric', minute: '2-digit' })}.`);
    // Cancelled after its day-before reminder: nothing more when two hours are left.
    await t.db
      .update(appointments)
      .set({
        status: 'cancelled',
        cancelled_by: 'patient',
        starts_at: new Date(Date.now() + 90 * MINUTE).toISOString(),
        ends_at: new Date(Date.now() + 120 * MINUTE).toISOString(),
      })
      .where(eq(appointments.id, id));
    await job.writeDue();
    expect(await textsTo(phone)).toHaveLength(2);
  });

  it("gives the time in the doctor's own zone", async () => {
    const abroad = await makeProvider(t.db, 'doctor', { status: 'approved', name_en: 'Dr Omar Said' });
    await t.db.insert(providerSchedules).values({ provider_id: abroad.id, time_zone: 'Asia/Tokyo' });
    const { id: userId, phone } = await patient('en');
    await visit(userId, 20 * HOUR, {}, abroad.id);
    const starts = new Date(Date.now() + 20 * HOUR);
    await job.writeDue();
    const [text] = await textsTo(phone);
    const tokyo = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', weekday: 'long', month: 'long', day: 'numeric' }).format(
      starts,
    );
    expect(text).toContain(`with Dr Omar Said on ${tokyo} at`);
  });

  it('sends each reminder once when two jobs (two connections) run at once', async () => {
    const patients = await Promise.all(Array.from({ length: 12 }, (_, i) => patient(i % 2 === 0 ? 'en' : 'ar')));
    // Each patient's visits: one due a day before, one due two hours before.
    for (const p of patients) {
      await visit(p.id, 18 * HOUR);
      await visit(p.id, 60 * MINUTE);
    }
    const second = await t.connectAgain();
    const [a, b] = await Promise.all([job.writeDue(), new ReminderJob(second.db, { batchSize: 2 }).writeDue()]);
    await second.close();
    expect(a + b).toBe(24);
    const rows = await t.db
      .select({ recipient: outbox.recipient })
      .from(outbox)
      .where(
        inArray(
          outbox.recipient,
          patients.map((p) => p.phone),
        ),
      );
    expect(rows).toHaveLength(24);
    for (const p of patients) expect(rows.filter((row) => row.recipient === p.phone)).toHaveLength(2);
  });

  it('runs in the API process every REMINDER_INTERVAL_SECONDS, and counts what it wrote in the metrics', async () => {
    const api = await createTestApp({ messaging: { reminderIntervalMs: 100 } });
    try {
      const phone = freshPhone();
      const [row] = await api.db
        .insert(users)
        .values({ name: 'Timed', email: `${phone.slice(1)}${phoneAccountDomain}`, phone, password_hash: '!', role: 'user', language: 'en' })
        .returning({ id: users.id });
      const provider = await makeProvider(api.db, 'doctor', { status: 'approved' });
      const starts = Date.now() + 20 * HOUR;
      await api.db.insert(appointments).values({
        user_id: row!.id,
        provider_id: provider.id,
        starts_at: new Date(starts).toISOString(),
        ends_at: new Date(starts + 30 * MINUTE).toISOString(),
        type: 'cash',
        status: 'booked',
      });
      const metric = async () => {
        const text = await (await api.call('/metrics', { token: null })).text();
        return Number(/^reminders_written_total\{kind="day_before"\} (\d+)$/m.exec(text)?.[1] ?? NaN);
      };
      await expect.poll(metric, { timeout: 10_000 }).toBe(1);
      expect(await api.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, phone))).toHaveLength(1);
    } finally {
      await api.close();
    }
  });
});
