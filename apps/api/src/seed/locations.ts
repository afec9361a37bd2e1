import { cities, countries, states } from '../db/schema/locations';
import { insertReturningIds } from './batch';
import { iso } from './clock';
import type { SeedContext } from './context';
import { flagPng, type FlagCode } from './files/pictures';
import type { Random } from './random';

/** [Arabic, English] */
type Pair = readonly [string, string];
type StateData = { name: Pair; active?: boolean | undefined; streets?: readonly Pair[] | undefined };
type CityData = { name: Pair; active?: boolean | undefined; landline?: string | undefined; states: readonly StateData[] };
type CountryData = {
  code: FlagCode;
  name: Pair;
  prefix: string;
  active?: boolean | undefined;
  streets: readonly Pair[];
  cities: readonly CityData[];
};

const s = (ar: string, en: string, streets?: readonly Pair[], active?: boolean): StateData => ({ name: [ar, en], streets, active });

const EGYPT_STREETS: readonly Pair[] = [
  ['شارع الجمهورية', 'El Gomhoria St'],
  ['شارع الحرية', 'El Horreya St'],
  ['شارع صلاح سالم', 'Salah Salem St'],
  ['شارع الجلاء', 'El Galaa St'],
  ['شارع سعد زغلول', 'Saad Zaghloul St'],
  ['شارع بورسعيد', 'Port Said St'],
  ['شارع الثورة', 'El Thawra St'],
  ['شارع النصر', 'El Nasr St'],
];

export const LOCATIONS: readonly CountryData[] = [
  {
    code: 'eg',
    name: ['مصر', 'Egypt'],
    prefix: '+20',
    streets: EGYPT_STREETS,
    cities: [
      {
        name: ['القاهرة', 'Cairo'],
        landline: '+202',
        states: [
          s('مدينة نصر', 'Nasr City', [
            ['شارع عباس العقاد', 'Abbas El Akkad St'],
            ['شارع مكرم عبيد', 'Makram Ebeid St'],
            ['شارع مصطفى النحاس', 'Mostafa El Nahas St'],
          ]),
          s('المعادي', 'Maadi', [
            ['شارع ٩', 'Road 9'],
            ['شارع اللاسلكي', 'El Laselky St'],
          ]),
          s('مصر الجديدة', 'Heliopolis', [
            ['شارع بغداد', 'Baghdad St'],
            ['شارع الميرغني', 'El Merghany St'],
            ['شارع الحجاز', 'El Hegaz St'],
          ]),
          s('الزمالك', 'Zamalek', [
            ['شارع ٢٦ يوليو', '26th of July St'],
            ['شارع حسن صبري', 'Hassan Sabry St'],
          ]),
          s('وسط البلد', 'Downtown', [
            ['شارع طلعت حرب', 'Talaat Harb St'],
            ['شارع قصر العيني', 'Kasr El Ainy St'],
          ]),
          s('القاهرة الجديدة', 'New Cairo', [['شارع التسعين', 'El Tesseen St']]),
          s('شبرا', 'Shubra', [['شارع شبرا', 'Shubra St']]),
          s('المقطم', 'Mokattam', [['شارع ٩', 'Street 9']]),
          s('عين شمس', 'Ain Shams'),
          s('جاردن سيتي', 'Garden City', undefined, false),
        ],
      },
      {
        name: ['الجيزة', 'Giza'],
        landline: '+202',
        states: [
          s('الدقي', 'Dokki', [
            ['شارع التحرير', 'Tahrir St'],
            ['شارع مصدق', 'Mosadak St'],
          ]),
          s('المهندسين', 'Mohandessin', [
            ['شارع جامعة الدول العربية', 'Gameat El Dewal El Arabia St'],
            ['شارع شهاب', 'Shehab St'],
          ]),
          s('الهرم', 'Haram', [['شارع الهرم', 'Haram St']]),
          s('فيصل', 'Faisal', [['شارع فيصل', 'Faisal St']]),
          s('مدينة السادس من أكتوبر', '6th of October City', [['المحور المركزي', 'Central Axis']]),
          s('الشيخ زايد', 'Sheikh Zayed'),
          s('العجوزة', 'Agouza'),
        ],
      },
      {
        name: ['الإسكندرية', 'Alexandria'],
        landline: '+203',
        states: [
          s('سيدي جابر', 'Sidi Gaber', [['طريق الحرية', 'El Horreya Rd']]),
          s('سموحة', 'Smouha', [
            ['شارع فوزي معاذ', 'Fawzy Moaz St'],
            ['شارع ١٤ مايو', '14th of May St'],
          ]),
          s('ستانلي', 'Stanley'),
          s('ميامي', 'Miami', [['شارع خالد بن الوليد', 'Khaled Ibn El Walid St']]),
          s('جليم', 'Gleem'),
          s('محطة الرمل', 'Raml Station', [['شارع صفية زغلول', 'Safeya Zaghloul St']]),
          s('العجمي', 'Agami'),
        ],
      },
      {
        name: ['المنصورة', 'Mansoura'],
        landline: '+2050',
        states: [
          s('حي الجامعة', 'University District', [['شارع الجمهورية', 'El Gomhoria St']]),
          s('توريل', 'Toriel'),
          s('المشاية', 'El Mashaya'),
        ],
      },
      {
        name: ['طنطا', 'Tanta'],
        landline: '+2040',
        states: [s('سبرباي', 'Seberbay'), s('الاستاد', 'El Estad'), s('قسم أول طنطا', 'Tanta First District')],
      },
      { name: ['أسيوط', 'Assiut'], landline: '+2088', states: [s('الوليدية', 'El Walideya'), s('الحمراء', 'El Hamra')] },
      { name: ['الأقصر', 'Luxor'], landline: '+2095', states: [s('الكرنك', 'Karnak'), s('البر الغربي', 'West Bank')] },
      { name: ['أسوان', 'Aswan'], landline: '+2097', states: [s('السيل', 'El Sail'), s('كيما', 'Kima')] },
      {
        name: ['بورسعيد', 'Port Said'],
        landline: '+2066',
        states: [s('حي الشرق', 'El Sharq District'), s('حي العرب', 'El Arab District'), s('بورفؤاد', 'Port Fouad')],
      },
      { name: ['السويس', 'Suez'], landline: '+2062', states: [s('الأربعين', 'El Arbaeen'), s('بور توفيق', 'Port Tawfik')] },
      {
        name: ['الإسماعيلية', 'Ismailia'],
        landline: '+2064',
        states: [s('الشيخ زايد', 'El Sheikh Zayed'), s('المحطة الجديدة', 'El Mahatta El Gedida')],
      },
      { name: ['الزقازيق', 'Zagazig'], landline: '+2055', states: [s('القومية', 'El Qawmeya'), s('حي الزهور', 'El Zohour District')] },
      { name: ['الغردقة', 'Hurghada'], active: false, landline: '+2065', states: [s('الدهار', 'El Dahar'), s('السقالة', 'Sekalla')] },
    ],
  },
  {
    code: 'sa',
    name: ['المملكة العربية السعودية', 'Saudi Arabia'],
    prefix: '+966',
    streets: [
      ['طريق الملك فهد', 'King Fahd Rd'],
      ['طريق الأمير سلطان', 'Prince Sultan Rd'],
      ['شارع التحلية', 'Tahlia St'],
    ],
    cities: [
      { name: ['الرياض', 'Riyadh'], states: [s('العليا', 'Al Olaya'), s('الملز', 'Al Malaz'), s('السليمانية', 'Al Sulimaniyah')] },
      { name: ['جدة', 'Jeddah'], states: [s('الروضة', 'Al Rawdah'), s('الحمراء', 'Al Hamra'), s('البلد', 'Al Balad')] },
      { name: ['الدمام', 'Dammam'], states: [s('الفيصلية', 'Al Faisaliyah')] },
    ],
  },
  {
    code: 'ae',
    name: ['الإمارات العربية المتحدة', 'United Arab Emirates'],
    prefix: '+971',
    streets: [
      ['شارع الشيخ زايد', 'Sheikh Zayed Rd'],
      ['شارع الوصل', 'Al Wasl Rd'],
      ['شارع الخليج', 'Al Khaleej St'],
    ],
    cities: [
      { name: ['دبي', 'Dubai'], states: [s('ديرة', 'Deira'), s('جميرا', 'Jumeirah'), s('البرشاء', 'Al Barsha')] },
      { name: ['أبوظبي', 'Abu Dhabi'], states: [s('الخالدية', 'Al Khalidiyah'), s('المشرف', 'Al Mushrif')] },
      { name: ['الشارقة', 'Sharjah'], states: [s('المجاز', 'Al Majaz')] },
    ],
  },
  {
    code: 'jo',
    name: ['الأردن', 'Jordan'],
    prefix: '+962',
    streets: [
      ['شارع مكة', 'Mecca St'],
      ['شارع الملكة رانيا', 'Queen Rania St'],
      ['شارع الجاردنز', 'Gardens St'],
    ],
    cities: [
      {
        name: ['عمّان', 'Amman'],
        states: [s('عبدون', 'Abdoun'), s('جبل عمّان', 'Jabal Amman'), s('الشميساني', 'Shmeisani'), s('الصويفية', 'Sweifieh')],
      },
      { name: ['إربد', 'Irbid'], states: [s('الحي الجنوبي', 'Southern District')] },
    ],
  },
  {
    code: 'kw',
    name: ['الكويت', 'Kuwait'],
    prefix: '+965',
    active: false,
    streets: [
      ['شارع الخليج العربي', 'Arabian Gulf St'],
      ['شارع سالم المبارك', 'Salem Al Mubarak St'],
    ],
    cities: [
      { name: ['مدينة الكويت', 'Kuwait City'], states: [s('شرق', 'Sharq'), s('الدسمة', 'Dasma')] },
      { name: ['حولي', 'Hawalli'], states: [s('السالمية', 'Salmiya'), s('الجابرية', 'Jabriya')] },
    ],
  },
];

export type SeededCountry = { id: number; code: FlagCode; ar: string; en: string; prefix: string; active: boolean };
export type SeededCity = { id: number; ar: string; en: string; active: boolean; landline?: string | undefined; country: SeededCountry };
export type SeededState = { id: number; ar: string; en: string; active: boolean; streets: readonly Pair[]; city: SeededCity };

export type SeededLocations = {
  countries: SeededCountry[];
  cities: SeededCity[];
  states: SeededState[];
  egypt: SeededCountry;
  /** Active districts of active cities, for addresses. */
  placesIn(countryCode: FlagCode): SeededState[];
  state(cityEn: string, stateEn: string): SeededState;
};

export type Address = { ar: string; en: string; state: SeededState };

const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
export const arabicDigits = (value: string | number) => String(value).replace(/[0-9]/g, (d) => ARABIC_DIGITS[Number(d)] ?? d);

/** A street address in a district: "14 Abbas El Akkad St, Nasr City, Cairo" / "١٤ شارع عباس العقاد، مدينة نصر، القاهرة". */
export function streetAddress(rng: Random, state: SeededState): Address {
  const country = LOCATIONS.find((c) => c.code === state.city.country.code);
  const street = rng.pick(state.streets.length > 0 ? state.streets : (country?.streets ?? EGYPT_STREETS));
  const number = rng.int(1, 120);
  return {
    en: `${number} ${street[1]}, ${state.en}, ${state.city.en}`,
    ar: `${arabicDigits(number)} ${street[0]}، ${state.ar}، ${state.city.ar}`,
    state,
  };
}

export async function seedLocations({ db, clock, uploads }: SeedContext): Promise<SeededLocations> {
  const createdAt = (minutes: number) => iso(new Date(clock.daysAgo(420).getTime() + minutes * 60_000));

  /** The columns every level of places shares (countries, cities, districts), created `minute`s into the demo's history. */
  const placeRow = (place: { name: Pair; active?: boolean | undefined }, minute: number) => ({
    name_ar: place.name[0],
    name_en: place.name[1],
    is_active: place.active ?? true,
    created_at: createdAt(minute),
    updated_at: createdAt(minute),
  });
  const seeded = (id: number | undefined, place: { name: Pair; active?: boolean | undefined }) => ({
    id: id as number,
    ar: place.name[0],
    en: place.name[1],
    active: place.active ?? true,
  });

  const countryIds = await insertReturningIds(
    db,
    countries,
    LOCATIONS.map((country, i) => ({
      ...placeRow(country, i),
      mobile_prefix: country.prefix,
      flag: uploads.add('flags', 'png', flagPng(country.code)).key,
    })),
  );
  const seededCountries = LOCATIONS.map((country, i) => ({
    id: countryIds[i] as number,
    code: country.code,
    ar: country.name[0],
    en: country.name[1],
    prefix: country.prefix,
    active: country.active ?? true,
  }));

  const cityData = LOCATIONS.flatMap((country, i) =>
    country.cities.map((city) => ({ city, country: seededCountries[i] as SeededCountry })),
  );
  const cityIds = await insertReturningIds(
    db,
    cities,
    cityData.map(({ city, country }, i) => ({ country_id: country.id, ...placeRow(city, 10 + i) })),
  );
  const seededCities: SeededCity[] = cityData.map(({ city, country }, i) => ({
    ...seeded(cityIds[i], city),
    landline: city.landline,
    country,
  }));

  const stateData = cityData.flatMap(({ city }, i) => city.states.map((state) => ({ state, city: seededCities[i] as SeededCity })));
  const stateIds = await insertReturningIds(
    db,
    states,
    stateData.map(({ state, city }, i) => ({ city_id: city.id, ...placeRow(state, 60 + i) })),
  );
  const seededStates: SeededState[] = stateData.map(({ state, city }, i) => ({
    ...seeded(stateIds[i], state),
    streets: state.streets ?? [],
    city,
  }));

  const egypt = seededCountries.find((c) => c.code === 'eg');
  if (!egypt) throw new Error('Egypt is missing from the demo locations');
  return {
    countries: seededCountries,
    cities: seededCities,
    states: seededStates,
    egypt,
    placesIn: (code) => seededStates.filter((st) => st.active && st.city.active && st.city.country.code === code),
    state: (cityEn, stateEn) => {
      const found = seededStates.find((st) => st.city.en === cityEn && st.en === stateEn);
      if (!found) throw new Error(`Unknown demo district ${stateEn}, ${cityEn}`);
      return found;
    },
  };
}
