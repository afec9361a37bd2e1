import { providerAds } from '../db/schema/providers';
import { insertAll } from './batch';
import { DAY_MS, iso } from './clock';
import type { SeedContext } from './context';
import { demoFixtures } from './demo-fixtures';
import { bannerPng } from './files/pictures';
import type { ProviderKind, SeededProvider, SeededProviders } from './providers';
import { randomFor } from './random';

/** [Arabic, English] */
type Pair = readonly [string, string];

const TITLES: Partial<Record<ProviderKind, readonly Pair[]>> = {
  doctor: [
    ['خصم ٢٠٪ على الكشف', '20% off your consultation'],
    ['متابعة مجانية خلال أسبوعين', 'Free follow-up within two weeks'],
    ['استشارة أونلاين بالفيديو', 'Online video consultation'],
    ['مواعيد مسائية يوم الجمعة', 'Friday evening appointments'],
  ],
  hospital: [
    ['باقة فحص طبي شامل', 'Full check-up package'],
    ['طوارئ على مدار ٢٤ ساعة', '24-hour emergency department'],
    ['خصم على جراحات اليوم الواحد', 'Discount on day-case surgery'],
    ['افتتاح وحدة القسطرة القلبية', 'Our new cardiac catheterisation unit is open'],
  ],
  medical_center: [
    ['تحاليل شاملة بسعر مخفض', 'Full lab panel at a reduced price'],
    ['عيادات مسائية حتى ١١ مساءً', 'Evening clinics until 11 pm'],
    ['أشعة رقمية بأحدث الأجهزة', 'Digital X-ray with the latest equipment'],
  ],
  company: [
    ['منتجات جديدة للصيدليات', 'New products for pharmacies'],
    ['توريد أجهزة طبية للمستشفيات', 'Medical equipment for hospitals'],
    ['عروض التوزيع لهذا الربع', 'Distribution offers this quarter'],
  ],
};

/** Horizontal banner ads for doctors, hospitals, medical centers and companies (pharmacies have none). */
export async function seedProviderAds(ctx: SeedContext, seeded: SeededProviders): Promise<number> {
  const rng = randomFor('provider-ads');
  const { clock, uploads } = ctx;
  const advertisers: [SeededProvider, number][] = [
    ...seeded.doctors.map((p, i): [SeededProvider, number] => [
      p,
      i === 0 ? demoFixtures.firstDoctor.ads : p.status === 'approved' && rng.chance(0.35) ? rng.int(1, 2) : 0,
    ]),
    ...[...seeded.hospitals, ...seeded.centers, ...seeded.companies].map((p): [SeededProvider, number] => [
      p,
      p.status === 'approved' ? rng.int(1, 3) : rng.chance(0.3) ? 1 : 0,
    ]),
  ];
  const rows: (typeof providerAds.$inferInsert)[] = [];
  for (const [provider, count] of advertisers) {
    const titles = rng.sample(TITLES[provider.kind] ?? [], count);
    titles.forEach(([ar, en], i) => {
      const created = clock.between(rng, new Date(Math.max(provider.createdAt.getTime(), clock.now.getTime() - 120 * DAY_MS)), clock.now);
      rows.push({
        provider_id: provider.id,
        title_ar: ar,
        title_en: en,
        image: uploads.add('ads', 'png', bannerPng(720, 240, rng.int(0, 9))).key,
        is_active: i === 0 || rng.chance(0.8),
        created_at: iso(created),
        updated_at: iso(created),
      });
    });
  }
  await insertAll(ctx.db, providerAds, rows);
  return rows.length;
}
