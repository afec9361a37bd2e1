import { institutionTypes, specialities } from '../../src/db/schema/catalogs';
import { cities, countries, states } from '../../src/db/schema/locations';
import type { FormValue, TestApp } from './test-app';
import { pdf, png } from './files';

/** Provider applications as the app sends them (POST /api/v1/provider/application): catalog rows and complete forms. */

export const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;
export const pngFile = (name: string) => ({ file: png(40, 30), name, type: 'image/png' });
export const pdfFile = (name: string) => ({ file: pdf(), name, type: 'application/pdf' });

/** Creates the catalog rows an application points at: an active country, city and state, a speciality, an institution type. */
export async function places(t: TestApp, tag: string) {
  const [country] = await t.db
    .insert(countries)
    .values({ name_ar: `مصر ${tag}`, name_en: `Egypt ${tag}`, mobile_prefix: '+20' })
    .returning();
  const [other] = await t.db
    .insert(countries)
    .values({ name_ar: `الأردن ${tag}`, name_en: `Jordan ${tag}`, mobile_prefix: '+962', is_active: false })
    .returning();
  const [city] = await t.db
    .insert(cities)
    .values({ country_id: country!.id, name_ar: `القاهرة ${tag}`, name_en: `Cairo ${tag}` })
    .returning();
  const [otherCity] = await t.db
    .insert(cities)
    .values({ country_id: country!.id, name_ar: `الجيزة ${tag}`, name_en: `Giza ${tag}` })
    .returning();
  const [state] = await t.db
    .insert(states)
    .values({ city_id: city!.id, name_ar: `المعادي ${tag}`, name_en: `Maadi ${tag}` })
    .returning();
  const [speciality] = await t.db
    .insert(specialities)
    .values({ name_ar: `قلب ${tag}`, name_en: `Cardiology ${tag}` })
    .returning();
  const [type] = await t.db
    .insert(institutionTypes)
    .values({ name_ar: `عام ${tag}`, name_en: `General ${tag}` })
    .returning();
  return {
    country: country!.id,
    inactiveCountry: other!.id,
    city: city!.id,
    otherCity: otherCity!.id,
    state: state!.id,
    speciality: speciality!.id,
    type: type!.id,
  };
}

export type Places = Awaited<ReturnType<typeof places>>;
let emailSerial = 0;

/** A doctor's complete application form; `changes` replaces or (undefined) removes fields. */
export function doctorForm(p: Places, changes: Record<string, FormValue | undefined> = {}): Record<string, FormValue> {
  const form: Record<string, FormValue | undefined> = {
    kind: 'doctor',
    name_ar: 'د. منى عادل',
    name_en: 'Dr Mona Adel',
    email: `mona-${Date.now()}-${++emailSerial}@sehha.test`,
    country_id: p.country,
    city_id: p.city,
    state_id: p.state,
    address: '12 Tahrir Street',
    whatsapp_phone: '01012345678',
    speciality_id: p.speciality,
    consultation_fee: '350',
    license_number: 'MD-2026-0001',
    license_expires_on: nextYear,
    license: pdfFile('license.pdf'),
    syndicate_card: pngFile('syndicate.png'),
    national_id: pngFile('id.png'),
    ...changes,
  };
  return Object.fromEntries(Object.entries(form).filter(([, value]) => value !== undefined)) as Record<string, FormValue>;
}

export function pharmacyForm(p: Places, changes: Record<string, FormValue | undefined> = {}) {
  return doctorForm(p, {
    kind: 'pharmacy',
    name_ar: 'صيدلية الشفاء',
    name_en: 'Al Shifa Pharmacy',
    speciality_id: undefined,
    consultation_fee: undefined,
    syndicate_card: undefined,
    national_id: undefined,
    commercial_register: pdfFile('register.pdf'),
    tax_card: pngFile('tax.png'),
    ...changes,
  });
}
