import { medicines, pharmacyBranches } from '../db/schema/providers';
import { insertAll } from './batch';
import type { SeededCatalogs } from './catalogs';
import { DAY_MS, iso } from './clock';
import type { SeedContext } from './context';
import { demoFixtures } from './demo-fixtures';
import { streetAddress, type SeededLocations, type SeededState } from './locations';
import { mobilePhone } from './people';
import type { SeededProviders } from './providers';
import { randomFor } from './random';

/** [Arabic, English, category (English), typical price in EGP] */
const MEDICINES: readonly (readonly [string, string, string, number])[] = [
  ['بانادول إكسترا ٢٤ قرص', 'Panadol Extra 24 tablets', 'Over-the-Counter Medicines', 54],
  ['بروفين ٤٠٠ مجم ٢٠ قرص', 'Brufen 400 mg 20 tablets', 'Over-the-Counter Medicines', 46],
  ['كتافلام ٥٠ مجم ٢٠ قرص', 'Cataflam 50 mg 20 tablets', 'Prescription Medicines', 62],
  ['أوجمنتين ١ جم ١٤ قرص', 'Augmentin 1 g 14 tablets', 'Prescription Medicines', 128],
  ['أنتينال ٢٤ كبسولة', 'Antinal 24 capsules', 'Over-the-Counter Medicines', 39],
  ['كونكور ٥ مجم ٣٠ قرص', 'Concor 5 mg 30 tablets', 'Prescription Medicines', 87],
  ['جلوكوفاج ٥٠٠ مجم ٥٠ قرص', 'Glucophage 500 mg 50 tablets', 'Prescription Medicines', 52],
  ['نيكسيوم ٤٠ مجم ١٤ قرص', 'Nexium 40 mg 14 tablets', 'Prescription Medicines', 196],
  ['زيرتك ١٠ مجم ٢٠ قرص', 'Zyrtec 10 mg 20 tablets', 'Over-the-Counter Medicines', 58],
  ['أوتريفين بخاخ للأنف', 'Otrivin nasal spray', 'Over-the-Counter Medicines', 42],
  ['كونجستال ٢٠ قرص', 'Congestal 20 tablets', 'Over-the-Counter Medicines', 36],
  ['فلاجيل ٥٠٠ مجم ٢٠ قرص', 'Flagyl 500 mg 20 tablets', 'Prescription Medicines', 33],
  ['فنتولين بخاخ', 'Ventolin inhaler', 'Prescription Medicines', 65],
  ['ليبيتور ٢٠ مجم ٣٠ قرص', 'Lipitor 20 mg 30 tablets', 'Prescription Medicines', 245],
  ['تلفاست ١٨٠ مجم ٢٠ قرص', 'Telfast 180 mg 20 tablets', 'Over-the-Counter Medicines', 112],
  ['فيتاسيد سي ١٠٠٠ فوار', 'Vitacid C 1000 effervescent', 'Vitamins and Supplements', 45],
  ['سنتروم ٣٠ قرص', 'Centrum 30 tablets', 'Vitamins and Supplements', 310],
  ['أوميجا ٣ ١٠٠٠ مجم ٣٠ كبسولة', 'Omega-3 1000 mg 30 capsules', 'Vitamins and Supplements', 185],
  ['فيتامين د ٥٠٠٠٠ وحدة', 'Vitamin D 50,000 IU', 'Vitamins and Supplements', 74],
  ['بيبانثين كريم ٣٠ جم', 'Bepanthen cream 30 g', 'Baby Care', 98],
  ['حفاضات بامبرز مقاس ٤', 'Pampers diapers size 4', 'Baby Care', 420],
  ['شامبو جونسون للأطفال', "Johnson's baby shampoo", 'Baby Care', 95],
  ['كريم يوسيرين مرطب', 'Eucerin moisturising cream', 'Skin Care', 380],
  ['واقي شمس لاروش بوزيه', 'La Roche-Posay sunscreen', 'Skin Care', 890],
  ['شامبو ضد القشرة', 'Anti-dandruff shampoo', 'Hair Care', 135],
  ['معجون أسنان سنسوداين', 'Sensodyne toothpaste', 'Personal Care', 88],
  ['جهاز قياس ضغط ديجيتال', 'Digital blood pressure monitor', 'Medical Devices and Supplies', 1450],
  ['ترمومتر ديجيتال', 'Digital thermometer', 'Medical Devices and Supplies', 120],
  ['بيتادين محلول ١٢٠ مل', 'Betadine solution 120 ml', 'First Aid', 48],
  ['شاش طبي معقم', 'Sterile gauze pads', 'First Aid', 25],
  ['شرائط أكيو تشيك ٥٠ شريط', 'Accu-Chek test strips 50', 'Diabetes Care', 340],
  ['إبر أنسولين ١٠٠ قطعة', 'Insulin pen needles 100', 'Diabetes Care', 260],
];

/** Branches (the fixture pharmacy has three) and a price list of common Egyptian medicines in EGP. */
export async function seedPharmacies(ctx: SeedContext, locations: SeededLocations, seeded: SeededProviders, catalogs: SeededCatalogs) {
  const rng = randomFor('pharmacies');
  const { clock } = ctx;
  const categoryId = new Map(catalogs.categories.map((c) => [c.en, c.id]));
  const fixtureBranches = demoFixtures.pharmacy.branches.map((name) => name.replace(/ Branch$/, ''));

  const branchRows: (typeof pharmacyBranches.$inferInsert)[] = [];
  const medicineRows: (typeof medicines.$inferInsert)[] = [];
  seeded.pharmacies.forEach((pharmacy, position) => {
    const home = pharmacy.state;
    const sameCity = home ? locations.placesIn(home.city.country.code).filter((s) => s.city.id === home.city.id) : [];
    const districts: SeededState[] =
      position === 0
        ? fixtureBranches.map((district) => {
            const found = locations.placesIn('eg').find((s) => s.en === district);
            if (!found) throw new Error(`Unknown demo district ${district}`);
            return found;
          })
        : rng.sample(sameCity, rng.int(0, Math.min(4, sameCity.length)));
    districts.forEach((district) => {
      const created = iso(clock.between(rng, pharmacy.createdAt, new Date(pharmacy.createdAt.getTime() + 90 * DAY_MS)));
      const address = streetAddress(rng, district);
      branchRows.push({
        pharmacy_id: pharmacy.id,
        name_ar: `فرع ${district.ar}`,
        name_en: `${district.en} Branch`,
        address: position % 2 === 0 ? address.en : address.ar,
        phone: mobilePhone(rng, district.city.country.prefix),
        city_id: district.city.id,
        is_active: position === 0 || rng.chance(0.9),
        created_at: created,
        updated_at: created,
      });
    });

    const stock = position === 0 ? MEDICINES.slice(0, demoFixtures.pharmacy.medicines) : rng.sample(MEDICINES, rng.int(8, 18));
    stock.forEach(([ar, en, category, price]) => {
      const created = iso(clock.between(rng, pharmacy.createdAt, new Date(pharmacy.createdAt.getTime() + 60 * DAY_MS)));
      // Prices vary a little from one pharmacy to the next, to the 25 piastres.
      const localPrice = Math.round(price * (0.95 + rng.next() * 0.1) * 4) / 4;
      medicineRows.push({
        pharmacy_id: pharmacy.id,
        category_id: categoryId.get(category) ?? null,
        name_ar: ar,
        name_en: en,
        price: localPrice,
        in_stock: rng.chance(0.88),
        created_at: created,
        updated_at: created,
      });
    });
  });
  await insertAll(ctx.db, pharmacyBranches, branchRows);
  await insertAll(ctx.db, medicines, medicineRows);
  return { branches: branchRows.length, medicines: medicineRows.length };
}
