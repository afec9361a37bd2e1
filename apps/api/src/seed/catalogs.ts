import { homeAds, institutionTypes, pharmacyCategories, specialities } from '../db/schema/catalogs';
import { insertAll, insertReturningIds } from './batch';
import { iso } from './clock';
import type { SeedContext } from './context';
import { bannerPng } from './files/pictures';

/** [Arabic, English] */
type Pair = readonly [string, string];

export const SPECIALITIES: readonly Pair[] = [
  ['أمراض القلب', 'Cardiology'],
  ['الأمراض الجلدية', 'Dermatology'],
  ['طب الأطفال', 'Pediatrics'],
  ['أمراض النساء والتوليد', 'Obstetrics and Gynecology'],
  ['جراحة العظام', 'Orthopedics'],
  ['طب وجراحة العيون', 'Ophthalmology'],
  ['الأنف والأذن والحنجرة', 'Ear, Nose and Throat'],
  ['طب الأسنان', 'Dentistry'],
  ['المخ والأعصاب', 'Neurology'],
  ['الطب النفسي', 'Psychiatry'],
  ['المسالك البولية', 'Urology'],
  ['الباطنة العامة', 'Internal Medicine'],
  ['الجراحة العامة', 'General Surgery'],
  ['الجهاز الهضمي والكبد', 'Gastroenterology and Hepatology'],
  ['الغدد الصماء والسكر', 'Endocrinology and Diabetes'],
  ['أمراض الكلى', 'Nephrology'],
  ['الأمراض الصدرية', 'Pulmonology'],
  ['الأورام', 'Oncology'],
  ['العلاج الطبيعي', 'Physiotherapy'],
  ['التغذية العلاجية', 'Clinical Nutrition'],
  ['جراحة التجميل', 'Plastic Surgery'],
  ['الروماتيزم والمفاصل', 'Rheumatology'],
];

export const PHARMACY_CATEGORIES: readonly Pair[] = [
  ['أدوية بوصفة طبية', 'Prescription Medicines'],
  ['أدوية بدون وصفة', 'Over-the-Counter Medicines'],
  ['فيتامينات ومكملات غذائية', 'Vitamins and Supplements'],
  ['العناية بالطفل', 'Baby Care'],
  ['العناية بالبشرة', 'Skin Care'],
  ['العناية بالشعر', 'Hair Care'],
  ['العناية الشخصية', 'Personal Care'],
  ['أجهزة ومستلزمات طبية', 'Medical Devices and Supplies'],
  ['الإسعافات الأولية', 'First Aid'],
  ['مستلزمات مرضى السكر', 'Diabetes Care'],
];

/** [Arabic, English, medical_under_instituted, is_active] */
export const INSTITUTION_TYPES: readonly (readonly [string, string, boolean, boolean])[] = [
  ['مستشفى عام', 'General Hospital', false, true],
  ['مستشفى جامعي', 'University Hospital', false, true],
  ['مستشفى تخصصي', 'Specialized Hospital', false, true],
  ['مستشفى خاص', 'Private Hospital', false, true],
  ['مجمع عيادات', 'Polyclinic', true, true],
  ['مركز أشعة وتحاليل', 'Radiology and Laboratory Center', true, true],
  ['مستشفى تكاملي', 'Integrated Hospital', false, false],
];

const HOME_ADS: readonly { title: string; link: string | null }[] = [
  { title: 'Book your doctor online — احجز دكتورك أونلاين', link: '/doctors' },
  { title: 'Free delivery from partner pharmacies — توصيل مجاني من الصيدليات', link: '/pharmacies' },
  { title: 'Annual check-up packages — باقات الكشف السنوي', link: null },
];

export type SeededCatalogs = {
  specialities: { id: number; ar: string; en: string }[];
  categories: { id: number; ar: string; en: string }[];
  /** Active types; `underInstitution` ones suit medical centers. */
  hospitalTypes: number[];
  centerTypes: number[];
};

export async function seedCatalogs({ db, clock, uploads }: SeedContext): Promise<SeededCatalogs> {
  const createdAt = (minutes: number) => iso(new Date(clock.daysAgo(400).getTime() + minutes * 60_000));

  const specialityIds = await insertReturningIds(
    db,
    specialities,
    SPECIALITIES.map(([ar, en], i) => ({ name_ar: ar, name_en: en, created_at: createdAt(i), updated_at: createdAt(i) })),
  );
  const categoryIds = await insertReturningIds(
    db,
    pharmacyCategories,
    PHARMACY_CATEGORIES.map(([ar, en], i) => ({ name_ar: ar, name_en: en, created_at: createdAt(30 + i), updated_at: createdAt(30 + i) })),
  );
  const typeIds = await insertReturningIds(
    db,
    institutionTypes,
    INSTITUTION_TYPES.map(([ar, en, underInstitution, active], i) => ({
      name_ar: ar,
      name_en: en,
      medical_under_instituted: underInstitution,
      is_active: active,
      created_at: createdAt(60 + i),
      updated_at: createdAt(60 + i),
    })),
  );
  await insertAll(
    db,
    homeAds,
    HOME_ADS.map((ad, i) => {
      const created = iso(clock.daysAgo(30 - i * 10));
      return {
        image: uploads.add('home-ads', 'png', bannerPng(960, 320, i * 3 + 1)).key,
        title: ad.title,
        link: ad.link,
        sort_order: i + 1,
        created_at: created,
        updated_at: created,
      };
    }),
  );

  const activeTypes = (underInstitution: boolean) =>
    INSTITUTION_TYPES.flatMap(([, , under, active], i) => (active && under === underInstitution ? [typeIds[i] as number] : []));
  return {
    specialities: SPECIALITIES.map(([ar, en], i) => ({ id: specialityIds[i] as number, ar, en })),
    categories: PHARMACY_CATEGORIES.map(([ar, en], i) => ({ id: categoryIds[i] as number, ar, en })),
    hospitalTypes: activeTypes(false),
    centerTypes: activeTypes(true),
  };
}
