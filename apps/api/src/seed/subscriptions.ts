import type { planPeriodUnits } from '@sehha/contract/status-codes';
import { payments, planFeatures, subscriptionPlans, userSubscriptions } from '../db/schema/subscriptions';
import type { SeededAccount } from './accounts';
import { insertAll, insertReturningIds } from './batch';
import { DAY_MS, iso } from './clock';
import type { SeedContext } from './context';
import { demoFixtures } from './demo-fixtures';
import { randomFor } from './random';

/** [Arabic, English] */
type Pair = readonly [string, string];

type PlanData = {
  name: Pair;
  price: number;
  unit: (typeof planPeriodUnits)[number];
  length: number;
  description: Pair | null;
  /** Days before the seed date it became available; null for "no date". */
  availableDaysAgo: number | null;
  weight: number;
  features: readonly Pair[];
};

const PLANS: readonly PlanData[] = [
  {
    name: ['الباقة الأسبوعية', demoFixtures.plans.weekly],
    price: 49,
    unit: 'week',
    length: 1,
    description: ['جرّب خدمات صحة لمدة أسبوع', 'Try Sehha for a week'],
    availableDaysAgo: 400,
    weight: 25,
    features: [
      ['حجز حتى موعدين', 'Book up to two appointments'],
      ['محادثة مع صيدلي', 'Chat with a pharmacist'],
      ['رفع الروشتة للصيدلية', 'Upload prescriptions to pharmacies'],
    ],
  },
  {
    name: ['الباقة الشهرية', 'Monthly Plan'],
    price: 149,
    unit: 'months',
    length: 1,
    description: ['الأكثر اختياراً للأفراد', 'The most popular plan for individuals'],
    availableDaysAgo: 400,
    weight: 45,
    features: [
      ['حجز مواعيد بلا حدود', 'Unlimited appointment booking'],
      ['خصم ١٠٪ على الكشف', '10% off consultations'],
      ['توصيل أدوية مجاني', 'Free medicine delivery'],
      ['دعم فني بأولوية', 'Priority support'],
    ],
  },
  {
    name: ['باقة الثلاثة أشهر', 'Quarterly Plan'],
    price: 399,
    unit: 'months',
    length: 3,
    description: ['وفّر مع الاشتراك لثلاثة أشهر', 'Save with three months at once'],
    availableDaysAgo: 300,
    weight: 20,
    features: [
      ['كل مميزات الباقة الشهرية', 'Everything in the monthly plan'],
      ['خصم ١٥٪ على التحاليل', '15% off lab tests'],
      ['زيارة متابعة مجانية كل شهر', 'One free follow-up visit a month'],
    ],
  },
  {
    name: ['الباقة العائلية', demoFixtures.plans.withoutDateAndDescription],
    price: 1199,
    unit: 'months',
    length: 12,
    description: null,
    availableDaysAgo: null,
    weight: 10,
    features: [
      ['حتى ٥ أفراد من الأسرة', 'Up to five family members'],
      ['خصم ٢٠٪ على الكشف', '20% off consultations'],
      ['فحص طبي سنوي شامل', 'Annual full check-up'],
      ['خط ساخن للأطباء على مدار الساعة', '24/7 doctor hotline'],
      ['توصيل أدوية مجاني', 'Free medicine delivery'],
    ],
  },
];

const SUBSCRIPTIONS = 170;
/** Paid today and yesterday, so that revenue and subscriptions show a trend on the home page. */
const PAID_TODAY = 5;
const PAID_YESTERDAY = 3;
const HISTORY_DAYS = 395; // 13 months

/** Plans with features, then subscriptions over 13 months (growing month by month), each with its payment. */
export async function seedSubscriptions(ctx: SeedContext, accounts: readonly SeededAccount[]) {
  const rng = randomFor('subscriptions');
  const { clock, db } = ctx;
  const plansCreated = iso(clock.daysAgo(HISTORY_DAYS + 30));
  const planIds = await insertReturningIds(
    db,
    subscriptionPlans,
    PLANS.map((plan) => ({
      name_ar: plan.name[0],
      name_en: plan.name[1],
      price: plan.price,
      period_unit: plan.unit,
      period_length: plan.length,
      description_ar: plan.description?.[0] ?? null,
      description_en: plan.description?.[1] ?? null,
      available_from: plan.availableDaysAgo === null ? null : clock.date(-plan.availableDaysAgo),
      created_at: plansCreated,
      updated_at: plansCreated,
    })),
  );
  await insertAll(
    db,
    planFeatures,
    PLANS.flatMap((plan, p) =>
      plan.features.map(([ar, en], i) => ({ plan_id: planIds[p] as number, title_ar: ar, title_en: en, sort_order: i + 1 })),
    ),
  );

  // Paid-at instants: a few today and yesterday, the rest weighted towards recent months.
  const paidAt: Date[] = [];
  for (let i = 0; i < PAID_TODAY; i++) paidAt.push(clock.onDay(rng, 0));
  for (let i = 0; i < PAID_YESTERDAY; i++) paidAt.push(clock.onDay(rng, 1));
  while (paidAt.length < SUBSCRIPTIONS) {
    // Density falls with age (the platform grew over the year) but never to nothing.
    const share = rng.chance(0.3) ? rng.next() : 1 - Math.sqrt(rng.next());
    const age = share * (HISTORY_DAYS - 2) * DAY_MS;
    paidAt.push(new Date(clock.beforeYesterday() - 60_000 - Math.floor(age)));
  }
  paidAt.sort((a, b) => a.getTime() - b.getTime());

  const subscribers = accounts.filter((a) => a.deactivatedAt === null);
  const drafts = paidAt.map((paid) => {
    const eligible = subscribers.filter((a) => a.createdAt.getTime() < paid.getTime());
    const account = eligible.length > 0 ? rng.pick(eligible) : rng.pick(subscribers);
    const planIndex = rng.weighted(PLANS.map((plan, i) => [i, plan.weight] as const));
    const plan = PLANS[planIndex] as PlanData;
    const ends = plan.unit === 'week' ? new Date(paid.getTime() + 7 * plan.length * DAY_MS) : addMonths(paid, plan.length);
    // Recent payments all count towards today's revenue: none of them was refunded.
    const cancelled = paid.getTime() < clock.beforeYesterday() && rng.chance(0.06);
    const status = cancelled ? 'cancelled' : ends.getTime() < clock.now.getTime() ? 'expired' : 'active';
    const pricePaid = rng.chance(0.12) ? Math.round(plan.price * 0.9) : plan.price;
    return { account, planId: planIds[planIndex] as number, paid, ends, status, pricePaid, cancelled } as const;
  });

  const subscriptionIds = await insertReturningIds(
    db,
    userSubscriptions,
    drafts.map((d) => ({
      user_id: d.account.id,
      plan_id: d.planId,
      price_paid: d.pricePaid,
      starts_at: iso(d.paid),
      ends_at: iso(d.ends),
      status: d.status,
      created_at: iso(d.paid),
      updated_at: iso(d.status === 'expired' ? new Date(Math.min(d.ends.getTime(), clock.now.getTime())) : d.paid),
    })),
  );
  await insertAll(
    db,
    payments,
    drafts.map((d, i) => ({
      subscription_id: subscriptionIds[i] as number,
      user_id: d.account.id,
      amount: d.pricePaid,
      method: rng.weighted([
        ['card', 50],
        ['wallet', 35],
        ['cash', 15],
      ] as const),
      // Most cancelled subscriptions were refunded.
      status: d.cancelled && rng.chance(0.7) ? ('refunded' as const) : ('paid' as const),
      paid_at: iso(d.paid),
      created_at: iso(d.paid),
    })),
  );
  return { plans: PLANS.length, features: PLANS.reduce((n, p) => n + p.features.length, 0), subscriptions: drafts.length };
}

function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}
