import type { ProviderKind, ProviderStatus } from '@sehha/contract/status-codes';
import { providers } from '../db/schema/providers';
import { insertAccounts, type SeededAccount } from './accounts';
import { insertReturningIds } from './batch';
import { HOUR_MS, iso } from './clock';
import type { SeedContext } from './context';
import type { SeededCatalogs } from './catalogs';
import { demoFixtures } from './demo-fixtures';
import { streetAddress, type Address, type SeededCountry, type SeededLocations, type SeededState } from './locations';
import { doctorName, mobilePhone, personName, slugify, type PersonName } from './people';
import { randomFor, type Random } from './random';

export type { ProviderKind, ProviderStatus };

export type SeededProvider = {
  id: number;
  kind: ProviderKind;
  ar: string;
  en: string;
  status: ProviderStatus;
  special: boolean;
  country: SeededCountry | null;
  state: SeededState | null;
  address: Address | null;
  specialityId: number | null;
  typeId: number | null;
  createdAt: Date;
  /** When an admin accepted, rejected or parked it; null while pending. */
  reviewedAt: Date | null;
  /** Consultation fee in EGP (doctors and facilities). */
  fee: number;
  account: SeededAccount;
};

export type SeededProviders = {
  doctors: SeededProvider[];
  pharmacies: SeededProvider[];
  hospitals: SeededProvider[];
  centers: SeededProvider[];
  companies: SeededProvider[];
  all: SeededProvider[];
};

/** [Arabic, English] */
type Pair = readonly [string, string];
type Place = readonly [city: string, district: string] | 'abroad' | 'none';

type Draft = {
  kind: ProviderKind;
  name: Pair;
  place?: Place | undefined;
  status?: ProviderStatus | undefined;
  special?: boolean | undefined;
  speciality?: string | undefined;
  person?: PersonName | undefined;
};

const PHARMACIES: readonly Draft[] = [
  {
    kind: 'pharmacy',
    name: [demoFixtures.pharmacy.name_ar, demoFixtures.pharmacy.name_en],
    place: ['Cairo', 'Maadi'],
    status: 'approved',
    special: true,
  },
  ...(
    [
      ['صيدلية الرحمة', 'Al Rahma Pharmacy'],
      ['صيدلية النور', 'Al Nour Pharmacy'],
      ['صيدلية السلام', 'Al Salam Pharmacy'],
      ['صيدلية الحياة', 'Al Hayah Pharmacy'],
      ['صيدلية الأمل', 'Al Amal Pharmacy'],
      ['صيدلية الهدى', 'Al Hoda Pharmacy'],
      ['صيدلية الفاروق', 'Al Farouk Pharmacy'],
      ['صيدلية المدينة', 'Al Madina Pharmacy'],
      ['صيدلية النيل', 'Nile Pharmacy'],
      ['صيدلية الدلتا', 'Delta Pharmacy'],
      ['صيدلية الإيمان', 'Al Eman Pharmacy'],
      ['صيدلية الزهراء', 'Al Zahraa Pharmacy'],
      ['صيدلية العاصمة', 'Capital Pharmacy'],
      ['صيدلية الندى', 'Al Nada Pharmacy'],
      ['صيدلية البركة', 'Al Baraka Pharmacy'],
      ['صيدلية الصفا', 'Al Safa Pharmacy'],
      ['صيدلية اليسر', 'Al Yosr Pharmacy'],
    ] as const
  ).map((name): Draft => ({ kind: 'pharmacy', name })),
];
/** Pharmacies named after their pharmacist, as many are in Egypt. */
const PHARMACIST_OWNED = 7;

const HOSPITALS: readonly Draft[] = [
  {
    kind: 'hospital',
    name: [demoFixtures.hospital.name_ar, demoFixtures.hospital.name_en],
    place: ['Giza', 'Dokki'],
    status: 'approved',
    special: true,
  },
  { kind: 'hospital', name: ['مستشفى الحياة العام', 'Al Hayah General Hospital'], place: ['Cairo', 'Shubra'] },
  { kind: 'hospital', name: ['مستشفى الأمل الدولي', 'Al Amal International Hospital'], place: ['Cairo', 'New Cairo'] },
  { kind: 'hospital', name: ['مستشفى الإسكندرية الجامعي', 'Alexandria University Hospital'], place: ['Alexandria', 'Raml Station'] },
  { kind: 'hospital', name: ['مستشفى المنصورة الجامعي', 'Mansoura University Hospital'], place: ['Mansoura', 'University District'] },
  { kind: 'hospital', name: ['مستشفى الدلتا التخصصي', 'Delta Specialized Hospital'], place: ['Tanta', 'El Estad'] },
  { kind: 'hospital', name: ['مستشفى الصفوة', 'Al Safwa Hospital'], place: ['Giza', 'Mohandessin'] },
  { kind: 'hospital', name: ['مستشفى الرحمة', 'Al Rahma Hospital'], place: ['Assiut', 'El Walideya'] },
  { kind: 'hospital', name: ['مستشفى أسوان التخصصي', 'Aswan Specialized Hospital'], place: ['Aswan', 'El Sail'] },
  { kind: 'hospital', name: ['مستشفى القناة', 'Canal Hospital'], place: ['Ismailia', 'El Sheikh Zayed'] },
  { kind: 'hospital', name: ['مستشفى الشروق', 'Al Shorouk Hospital'], place: ['Port Said', 'El Sharq District'] },
  { kind: 'hospital', name: ['مستشفى الزهور', 'Al Zohour Hospital'], place: ['Amman', 'Shmeisani'] },
];

const CENTERS: readonly Draft[] = [
  {
    kind: 'medical_center',
    name: [demoFixtures.medicalCenter.name_ar, demoFixtures.medicalCenter.name_en],
    place: ['Cairo', 'Heliopolis'],
    status: 'approved',
  },
  { kind: 'medical_center', name: ['مركز الرعاية الطبي', 'Care Medical Center'], place: ['Cairo', 'Maadi'] },
  { kind: 'medical_center', name: ['مركز الشفاء الطبي', 'Al Shifa Medical Center'], place: ['Giza', 'Mohandessin'] },
  { kind: 'medical_center', name: ['مركز النخبة الطبي', 'Elite Medical Center'], place: ['Cairo', 'New Cairo'] },
  { kind: 'medical_center', name: ['مركز الحكمة للأشعة والتحاليل', 'Al Hekma Radiology and Lab Center'], place: ['Alexandria', 'Smouha'] },
  { kind: 'medical_center', name: ['مركز الدلتا الطبي', 'Delta Medical Center'], place: ['Mansoura', 'Toriel'] },
  { kind: 'medical_center', name: ['مركز الصعيد الطبي', 'Upper Egypt Medical Center'], place: ['Luxor', 'Karnak'] },
  { kind: 'medical_center', name: ['مركز الأسرة الطبي', 'Family Medical Center'], place: ['Zagazig', 'El Qawmeya'] },
  { kind: 'medical_center', name: ['مركز المتوسط الطبي', 'Mediterranean Medical Center'], place: ['Alexandria', 'Miami'] },
  { kind: 'medical_center', name: ['مركز دبي للعيادات التخصصية', 'Dubai Specialty Clinics Center'], place: ['Dubai', 'Al Barsha'] },
];

const COMPANIES: readonly Draft[] = [
  {
    kind: 'company',
    name: [demoFixtures.company.name_ar, demoFixtures.company.name_en],
    place: ['Cairo', 'Nasr City'],
    status: 'approved',
    special: true,
  },
  { kind: 'company', name: [demoFixtures.companyWithoutCountry.name_ar, demoFixtures.companyWithoutCountry.name_en], place: 'none' },
  { kind: 'company', name: ['شركة دلتا للتأمين الطبي', 'Delta Medical Insurance'], place: ['Tanta', 'Seberbay'] },
  { kind: 'company', name: ['الشركة المصرية للأجهزة الطبية', 'Egyptian Medical Devices Company'], place: ['Cairo', 'Heliopolis'] },
  { kind: 'company', name: ['شركة فارما بلس', 'Pharma Plus'], place: 'none' },
  { kind: 'company', name: ['شركة الرعاية للخدمات الصحية', 'Care Health Services'], place: ['Giza', '6th of October City'] },
  { kind: 'company', name: ['شركة الشرق الأوسط للمعامل', 'Middle East Labs'], place: ['Amman', 'Abdoun'] },
  { kind: 'company', name: ['شركة ميديكا للتوزيع', 'Medica Distribution'], place: ['Dubai', 'Deira'] },
  { kind: 'company', name: ['شركة الهلال للصناعات الدوائية', 'Crescent Pharmaceutical Industries'], place: ['Alexandria', 'Sidi Gaber'] },
  { kind: 'company', name: ['شركة سما للمستلزمات الطبية', 'Sama Medical Supplies'], place: 'none' },
];

const DOCTOR_COUNT = 60;
const FIXTURE_DOCTORS: readonly Draft[] = [
  {
    kind: 'doctor',
    name: [demoFixtures.firstDoctor.name_ar, demoFixtures.firstDoctor.name_en],
    speciality: 'Cardiology',
    place: ['Cairo', 'Nasr City'],
    status: 'approved',
    special: true,
  },
  {
    kind: 'doctor',
    name: [demoFixtures.pendingDoctor.name_ar, demoFixtures.pendingDoctor.name_en],
    speciality: 'Dermatology',
    place: ['Cairo', 'Heliopolis'],
    status: 'pending',
  },
  {
    kind: 'doctor',
    name: [demoFixtures.onHoldDoctor.name_ar, demoFixtures.onHoldDoctor.name_en],
    speciality: 'Pediatrics',
    place: ['Alexandria', 'Smouha'],
    status: 'onHold',
  },
  {
    kind: 'doctor',
    name: [demoFixtures.rejectedDoctor.name_ar, demoFixtures.rejectedDoctor.name_en],
    speciality: 'Obstetrics and Gynecology',
    place: ['Giza', 'Dokki'],
    status: 'rejected',
  },
];
/** E-mail local parts of the fixture doctors (the rest derive theirs from the generated name). */
const FIXTURE_DOCTOR_SLUGS = ['ahmed.elshafei', 'mariam.fahmy', 'youssef.elnaggar', 'heba.mansour'];

/** Cities weighted by how many providers the demo puts there. */
const CITY_WEIGHTS: Record<string, number> = { Cairo: 6, Giza: 4, Alexandria: 4, Mansoura: 2, Tanta: 2 };

/** Where a generated provider practises: mostly Egypt, big cities first; a few in the Gulf or Jordan. */
function pickPlace(rng: Random, locations: SeededLocations, abroadChance: number): SeededState {
  if (rng.chance(abroadChance)) return rng.pick([...locations.placesIn('sa'), ...locations.placesIn('ae'), ...locations.placesIn('jo')]);
  return rng.weighted(locations.placesIn('eg').map((state) => [state, CITY_WEIGHTS[state.city.en] ?? 1] as const));
}

function pickStatus(rng: Random): ProviderStatus {
  return rng.weighted([
    ['approved', 62],
    ['pending', 18],
    ['onHold', 10],
    ['rejected', 10],
  ] as const);
}

/**
 * Doctors, pharmacies, hospitals, medical centers and companies, each with its own account.
 * The first of each kind is a fixture (see demo-fixtures); positions 1–3 of each kind are
 * pending, onHold and rejected, so that every kind shows every status.
 */
export async function seedProviders(ctx: SeedContext, locations: SeededLocations, catalogs: SeededCatalogs): Promise<SeededProviders> {
  const rng = randomFor('providers');
  const { clock, emails } = ctx;
  const specialityByName = new Map(catalogs.specialities.map((s) => [s.en, s.id]));

  // Doctors: the fixtures, then generated Egyptian names (no two alike).
  const doctorDrafts: Draft[] = [...FIXTURE_DOCTORS];
  const usedNames = new Set(doctorDrafts.map((d) => d.name[1]));
  while (doctorDrafts.length < DOCTOR_COUNT) {
    const person = personName(rng);
    const name = doctorName(person);
    if (usedNames.has(name.en)) continue;
    usedNames.add(name.en);
    doctorDrafts.push({ kind: 'doctor', name: [name.ar, name.en], person });
  }
  const pharmacyDrafts: Draft[] = [...PHARMACIES];
  for (let i = 0; i < PHARMACIST_OWNED; i++) {
    const person = personName(rng);
    pharmacyDrafts.push({ kind: 'pharmacy', name: [`صيدلية د. ${person.ar}`, `Dr. ${person.en} Pharmacy`], person });
  }

  const drafts = [...doctorDrafts, ...pharmacyDrafts, ...HOSPITALS, ...CENTERS, ...COMPANIES];
  const positionInKind = new Map<Draft, number>();
  for (const kind of ['doctor', 'pharmacy', 'hospital', 'medical_center', 'company'] as const) {
    drafts.filter((d) => d.kind === kind).forEach((d, i) => positionInKind.set(d, i));
  }

  const specs = drafts.map((draft, index) => {
    const position = positionInKind.get(draft) ?? 0;
    const fixture = position === 0 || draft.status !== undefined;
    const status: ProviderStatus = draft.status ?? (['approved', 'pending', 'onHold', 'rejected'] as const)[position] ?? pickStatus(rng);
    const state =
      draft.place === 'none'
        ? null
        : Array.isArray(draft.place)
          ? locations.state(draft.place[0] as string, draft.place[1] as string)
          : pickPlace(rng, locations, draft.kind === 'doctor' ? 0.12 : 0.05);
    const address = state ? streetAddress(rng, state) : null;
    const country = state?.city.country ?? null;
    const specialityName = draft.kind === 'doctor' ? (draft.speciality ?? rng.pick(catalogs.specialities).en) : null;
    // Pending sign-ups are recent; the others were reviewed at some point in the last 16 months.
    const createdAt =
      status === 'pending'
        ? fixture
          ? new Date(clock.daysAgo(6).getTime() + index * HOUR_MS)
          : clock.olderThanYesterday(rng, 30)
        : fixture
          ? new Date(clock.daysAgo(300).getTime() + index * HOUR_MS)
          : clock.olderThanYesterday(rng, 480);
    const special = draft.special ?? (status === 'approved' && rng.chance(0.25));
    const typeId =
      draft.kind === 'hospital'
        ? rng.pick(catalogs.hospitalTypes)
        : draft.kind === 'medical_center'
          ? rng.pick(catalogs.centerTypes)
          : null;
    const fee = draft.kind === 'doctor' ? rng.int(3, 14) * 50 : rng.int(6, 20) * 50;
    return { draft, position, status, state, address, country, specialityName, createdAt, special, typeId, fee };
  });

  // Accounts first, as sign-up creates them; English names at even positions, Arabic at odd ones.
  const deactivatedDoctors = new Set(
    rng.sample(
      specs.filter((s) => s.draft.kind === 'doctor' && s.position >= 10),
      2,
    ),
  );
  const accounts = await insertAccounts(
    ctx,
    specs.map((spec) => {
      const { draft, position, country } = spec;
      const prefix = country?.prefix ?? '+20';
      const landline = spec.state?.city.landline;
      const phone =
        (draft.kind === 'hospital' || draft.kind === 'company') && landline
          ? `${landline}${rng.digits(landline === '+202' ? 8 : 7)}`
          : mobilePhone(rng, prefix);
      return {
        name: position % 2 === 0 ? draft.name[1] : draft.name[0],
        email: accountEmail(emails, draft, position),
        phone,
        whatsapp: draft.kind === 'doctor' || draft.kind === 'pharmacy' ? (rng.chance(0.5) ? mobilePhone(rng, prefix) : null) : null,
        role: draft.kind,
        country,
        createdAt: spec.createdAt,
        deactivatedAt: deactivatedDoctors.has(spec)
          ? clock.between(rng, new Date(spec.createdAt.getTime() + 10 * 24 * HOUR_MS), clock.now)
          : null,
      };
    }),
  );

  const reviewedAt = specs.map((spec) =>
    spec.status === 'pending'
      ? null
      : clock.between(rng, new Date(spec.createdAt.getTime() + HOUR_MS), new Date(spec.createdAt.getTime() + 5 * 24 * HOUR_MS)),
  );
  const ids = await insertReturningIds(
    ctx.db,
    providers,
    specs.map((spec, i) => {
      return {
        kind: spec.draft.kind,
        user_id: (accounts[i] as SeededAccount).id,
        name_ar: spec.draft.name[0],
        name_en: spec.draft.name[1],
        address: spec.address ? (spec.position % 2 === 0 ? spec.address.en : spec.address.ar) : null,
        status: spec.status,
        is_special: spec.special,
        country_id: spec.country?.id ?? null,
        city_id: spec.state?.city.id ?? null,
        state_id: spec.state?.id ?? null,
        // The directory shows a doctor's fee (facilities' fees are their doctors').
        consultation_fee: spec.draft.kind === 'doctor' ? spec.fee : null,
        speciality_id: spec.specialityName ? (specialityByName.get(spec.specialityName) ?? null) : null,
        institution_type_id: spec.typeId,
        created_at: iso(spec.createdAt),
        updated_at: iso(reviewedAt[i] ?? spec.createdAt),
      };
    }),
  );

  const all: SeededProvider[] = specs.map((spec, i) => ({
    id: ids[i] as number,
    kind: spec.draft.kind,
    ar: spec.draft.name[0],
    en: spec.draft.name[1],
    status: spec.status,
    special: spec.special,
    country: spec.country,
    state: spec.state,
    address: spec.address,
    specialityId: spec.specialityName ? (specialityByName.get(spec.specialityName) ?? null) : null,
    typeId: spec.typeId,
    createdAt: spec.createdAt,
    reviewedAt: reviewedAt[i] ?? null,
    fee: spec.fee,
    account: accounts[i] as SeededAccount,
  }));
  const ofKind = (kind: ProviderKind) => all.filter((p) => p.kind === kind);
  return {
    doctors: ofKind('doctor'),
    pharmacies: ofKind('pharmacy'),
    hospitals: ofKind('hospital'),
    centers: ofKind('medical_center'),
    companies: ofKind('company'),
    all,
  };
}

function accountEmail(emails: SeedContext['emails'], draft: Draft, position: number): string {
  switch (draft.kind) {
    case 'doctor':
      return emails.make(`dr.${draft.person?.slug ?? FIXTURE_DOCTOR_SLUGS[position] ?? slugify(draft.name[1])}`, 'example.com');
    case 'pharmacy':
      return emails.make(draft.person ? `pharmacy.${draft.person.slug}` : slugify(draft.name[1]), 'example.net');
    case 'company':
      return emails.make(slugify(draft.name[1]), 'example.com');
    default:
      return emails.make(`info.${slugify(draft.name[1])}`, 'example.org');
  }
}
