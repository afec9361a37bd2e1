import { prescriptions } from '../db/schema/prescriptions';
import type { SeededUser } from './accounts';
import { insertInTimeOrder } from './batch';
import { iso } from './clock';
import type { SeedContext } from './context';
import { demoFixtures } from './demo-fixtures';
import { prescriptionPng } from './files/pictures';
import type { SeededProviders } from './providers';
import { randomFor } from './random';

const PRESCRIPTIONS = 80;
const TODAY = 4;

const NOTES: readonly (string | null)[] = [
  null,
  null,
  null,
  'برجاء التوصيل للمنزل',
  'هل يوجد بديل أرخص؟',
  'Please deliver after 6 pm',
  'Is the full course available?',
  'محتاج العلبة كاملة',
];

const REPLY_NOTES: readonly (string | null)[] = [null, null, 'جاهزة للاستلام', 'Ready for pickup', 'البديل المتاح بنفس المادة الفعالة'];

/**
 * The pharmacy's answer to a prescription older than today (today's wait, as the fixture does): most are answered
 * within hours, from their own random stream so the prescriptions themselves stay as they were.
 */
function replyTo(rng: ReturnType<typeof randomFor>, sentAt: Date, now: Date) {
  if (sentAt.getTime() >= now.getTime() - 24 * 60 * 60 * 1000 || rng.chance(0.15)) return {};
  const status = rng.pick(['available', 'available', 'partly_available', 'unavailable'] as const);
  const repliedAt = new Date(Math.min(sentAt.getTime() + rng.int(5, 240) * 60_000, now.getTime()));
  return {
    reply_status: status,
    reply_price: status === 'unavailable' ? null : rng.int(40, 1500),
    reply_note: rng.pick(REPLY_NOTES),
    replied_at: iso(repliedAt),
  };
}

/** Prescription photos users sent to approved pharmacies over the last 60 days; the newest is a fixture. */
export async function seedPrescriptions(ctx: SeedContext, patients: readonly SeededUser[], seeded: SeededProviders): Promise<number> {
  const rng = randomFor('prescriptions');
  const replies = randomFor('prescription-replies');
  const { clock, uploads } = ctx;
  const pharmacies = seeded.pharmacies.filter((p) => p.status === 'approved');
  const [fixturePharmacy] = seeded.pharmacies;
  const fixtureUser = patients.find((p) => p.name === demoFixtures.prescription.userName);
  if (!fixturePharmacy || !fixtureUser) throw new Error('The prescription fixture needs the first pharmacy and user');
  const senders = patients.filter((p) => p.deactivatedAt === null);

  const drafts = Array.from({ length: PRESCRIPTIONS - 1 }, (_, i) => {
    const sentAt = i < TODAY - 1 ? clock.onDay(rng, 0) : clock.olderThanYesterday(rng, 60);
    const eligible = senders.filter((p) => p.createdAt.getTime() < sentAt.getTime());
    return { user: eligible.length > 0 ? rng.pick(eligible) : fixtureUser, pharmacy: rng.pick(pharmacies), sentAt };
  });
  // The newest: a moment ago, at the fixture pharmacy.
  const newest = Math.max(clock.now.getTime() - 60_000, ...drafts.map((d) => d.sentAt.getTime() + 1000));
  drafts.push({ user: fixtureUser, pharmacy: fixturePharmacy, sentAt: new Date(Math.min(newest, clock.now.getTime())) });

  await insertInTimeOrder(
    ctx.db,
    prescriptions,
    drafts,
    (d) => d.sentAt,
    (d) => ({
      user_id: d.user.id,
      pharmacy_id: d.pharmacy.id,
      images: [uploads.add('prescriptions', 'png', prescriptionPng(rng.int(0, 9))).key],
      note: rng.pick(NOTES),
      created_at: iso(d.sentAt),
      updated_at: iso(d.sentAt),
      ...replyTo(replies, d.sentAt, clock.now),
    }),
  );
  return drafts.length;
}
