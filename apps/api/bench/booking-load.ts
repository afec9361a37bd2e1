import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashToken, newToken } from '../src/auth/tokens';

/**
 * Bookings for the bench (issue 27): each a distinct (doctor, slot) of a listed doctor's weekly hours, a distinct
 * Idempotency-Key and a distinct patient without an active appointment, signed in by an app token stored here as
 * a sign-in stores it (only its SHA-256). `measureBookings` sends them with autocannon; `startBookingLoad` at a
 * steady rate beside the reads (BENCH_BOOKING_LOAD=1).
 */
export type Booking = { token: string; key: string; body: string };
export type BookingType = 'cash' | 'online';

/**
 * Doctors are split in two by a hash of their id (patients by its parity): the measured bookings take even ones, the load
 * beside them odd ones, and the two never ask for the same slot or patient at once.
 */
export type Half = 0 | 1;

/**
 * `count` free slots of different doctors first (a doctor's second slot only once every doctor has one), from the
 * day after tomorrow to the doctor's horizon, minus exceptions and active appointments; the patients, users
 * without an active appointment from a random point of the table. One statement each.
 */
export async function prepareBookings(pool: pg.Pool, count: number, type: BookingType, half: Half): Promise<Booking[]> {
  // Listed (bookable) doctors: the directory's visibility rule; an online booking needs a fee.
  const doctorCount = Number(
    (
      await pool.query<{ n: string }>(
        `select count(*) as n from providers p join provider_schedules s on s.provider_id = p.id
         where p.kind = 'doctor' and p.status = 'approved' and p.account_active and p.licensed_until >= current_date
           and p.consultation_fee > 0 and abs(hashtext(p.id::text)) % 2 = $1`,
        [half],
      )
    ).rows[0]!.n,
  );
  const perDoctor = Math.max(1, Math.ceil(count / Math.max(1, doctorCount)));
  const slots = await pool.query<{ doctor_id: string; starts_at: Date }>(
    `with doctors as (
       select p.id, s.time_zone, s.slot_minutes, s.horizon_days from providers p join provider_schedules s on s.provider_id = p.id
       where p.kind = 'doctor' and p.status = 'approved' and p.account_active and p.licensed_until >= current_date
         and p.consultation_fee > 0 and abs(hashtext(p.id::text)) % 2 = $3
       order by random() limit $1)
     select doctor_id, starts_at from (
       select d.id as doctor_id, free.starts_at, row_number() over (partition by d.id order by free.starts_at) as rank
       from doctors d
       cross join lateral (
         select c.starts_at from (
           select (day::date + h.start_time + make_interval(mins => m)) at time zone d.time_zone as starts_at
           from generate_series(current_date + 2, current_date + least(27, d.horizon_days - 2), interval '1 day') day
           join availability_hours h on h.provider_id = d.id and h.weekday = extract(dow from day)
           cross join lateral generate_series(0, (extract(epoch from h.end_time - h.start_time) / 60)::int - d.slot_minutes, d.slot_minutes) m
           where not exists (select 1 from availability_exceptions e where e.provider_id = d.id and e.on_date = day::date)
           order by 1 offset 0) c
         where not exists (
           select 1 from appointments a where a.provider_id = d.id and a.status in ('held', 'booked')
             and a.starts_at < c.starts_at + make_interval(mins => d.slot_minutes) and a.ends_at > c.starts_at)
         limit $2) free) slots
     order by rank, random()
     limit $1`,
    [count, perDoctor, half],
  );
  const patients = await pool.query<{ id: string }>(
    `select u.id from users u
     where u.role = 'user' and u.is_active and u.id % 2 = $2 and u.id >= (select floor(random() * 0.9 * max(id)) from users)
       and not exists (select 1 from appointments a where a.user_id = u.id and a.status in ('held', 'booked'))
     order by u.id limit $1`,
    [slots.rows.length, half],
  );
  // Which ran out, when a batch is short: the load stops on an empty one (seen twice on a fresh database, not explained).
  if (patients.rows.length < slots.rows.length || slots.rows.length < count)
    process.stderr.write(
      `prepareBookings: ${count} asked, ${slots.rows.length} slots of ${doctorCount} doctors, ${patients.rows.length} patients\n`,
    );
  const tokens = patients.rows.map(() => newToken());
  // last_used_at now: the first request of a minute touches the token (a write), as a patient who has just opened the app.
  await pool.query(
    `insert into access_tokens (user_id, token_hash, expires_at, last_used_at, audience, user_agent)
     select unnest($1::bigint[]), unnest($2::text[]), now() + interval '2 hours', now(), 'app', 'sehha-bench'`,
    [patients.rows.map((row) => row.id), tokens.map(hashToken)],
  );
  return patients.rows.map((_, index) => {
    const slot = slots.rows[index]!;
    return {
      token: tokens[index]!,
      key: randomUUID(),
      body: JSON.stringify({ doctor_id: Number(slot.doctor_id), starts_at: slot.starts_at.toISOString(), type }),
    };
  });
}

export type BookingMeasure = {
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Answers other than 201, transport errors, timeouts, and requests sent after the prepared bookings ran out. */
  errors: number;
  statuses: Record<string, number>;
};

/** Autocannon over the prepared bookings: each request takes the next one; `warmup` seconds first, then `duration`. */
export async function measureBookings(
  base: string,
  bookings: Booking[],
  options: { connections: number; duration: number; warmup: number },
): Promise<BookingMeasure> {
  let next = 0;
  let exhausted = 0;
  const statuses: Record<string, number> = {};
  const run = (duration: number, count: boolean) =>
    autocannon({
      url: `${base}/api/v1/appointments`,
      connections: options.connections,
      duration,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            // Out of prepared bookings: the last one again (a replay, 201 as well), counted as an error.
            const booking = bookings[Math.min(next++, bookings.length - 1)]!;
            if (next > bookings.length && count) exhausted++;
            return {
              ...request,
              method: 'POST',
              body: booking.body,
              headers: {
                'content-type': 'application/json',
                'accept-language': 'en',
                authorization: `Bearer ${booking.token}`,
                'idempotency-key': booking.key,
              },
            };
          },
          onResponse: (status) => {
            if (count) statuses[status] = (statuses[status] ?? 0) + 1;
          },
        },
      ],
    });
  if (options.warmup > 0) await run(options.warmup, false);
  const result = await run(options.duration, true);
  const refused = Object.entries(statuses).reduce((sum, [status, n]) => sum + (status === '201' ? 0 : n), 0);
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: refused + result.errors + result.timeouts + exhausted,
    statuses,
  };
}

export type BookingLoad = { stop: () => Promise<{ booked: number; failed: number; seconds: number; statuses: Record<string, number> }> };

/**
 * Bookings at `perSecond` beside the reads, sent on a timer whatever the answers' latency (an open load, as
 * patients' bookings arrive), from batches prepared as they run out (the next batch's query then sees the
 * last one's rows). Odd doctors and patients.
 */
export function startBookingLoad(base: string, pool: pg.Pool, perSecond = 50, batch = 2000): BookingLoad {
  let running = true;
  let booked = 0;
  let failed = 0;
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  const send = (booking: Booking) => {
    const request = fetch(`${base}/api/v1/appointments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${booking.token}`,
        'idempotency-key': booking.key,
      },
      body: booking.body,
    })
      .then(async (response) => {
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status === 201) booked++;
        else failed++;
      })
      .catch(() => {
        failed++;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  const loop = async () => {
    const interval = 1000 / perSecond;
    let due = performance.now();
    while (running) {
      await Promise.all(inFlight);
      const bookings = await prepareBookings(pool, batch, 'cash', 1);
      if (bookings.length === 0) throw new Error('No free slots left for the booking load');
      due = Math.max(due, performance.now());
      for (const booking of bookings) {
        if (!running) break;
        due += interval;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        send(booking);
      }
    }
    await Promise.all(inFlight);
  };
  const done = loop();
  return {
    stop: async () => {
      running = false;
      await done;
      return { booked, failed, seconds: (performance.now() - started) / 1000, statuses };
    },
  };
}

/** A pool on the bench's database for the bookings' preparation. */
export const bookingPool = (databaseUrl: string) => new pg.Pool({ connectionString: databaseUrl, max: 2 });

/**
 * Releases at once the holds a measurement of online bookings left (held → cancelled by system, checkout expired: what
 * the release job does when they lapse), then vacuums. Left to lapse, the 15-minute holds of a run were released in bulk
 * during a later measurement, whose bookings waited on that release (docs/performance/api.md).
 */
export async function releaseBenchHolds(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ released: string }>(
    `with released as (
       update appointments set status = 'cancelled', cancelled_by = 'system', cancel_reason = 'bench: released after the run', updated_at = now()
       where status = 'held' returning id),
     expired as (
       update payment_intents set status = 'expired', updated_at = now()
       where status = 'pending' and appointment_id in (select id from released))
     select count(*) as released from released`,
  );
  await pool.query('vacuum (analyze) appointments, payment_intents');
  return Number(rows[0]!.released);
}
