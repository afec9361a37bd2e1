import type { Random } from './random';

/**
 * Egyptian personal names in Arabic script and in the usual English spelling. A full name is
 * first name + father's name + family name, as on Egyptian ID cards; Coptic first names go with
 * Coptic fathers' and family names.
 */
type Name = readonly [ar: string, en: string];

const MALE: readonly Name[] = [
  ['أحمد', 'Ahmed'],
  ['محمد', 'Mohamed'],
  ['محمود', 'Mahmoud'],
  ['مصطفى', 'Mostafa'],
  ['إسلام', 'Eslam'],
  ['إبراهيم', 'Ibrahim'],
  ['عمر', 'Omar'],
  ['يوسف', 'Youssef'],
  ['خالد', 'Khaled'],
  ['حسن', 'Hassan'],
  ['حسين', 'Hussein'],
  ['علي', 'Ali'],
  ['كريم', 'Karim'],
  ['طارق', 'Tarek'],
  ['عمرو', 'Amr'],
  ['شريف', 'Sherif'],
  ['هشام', 'Hesham'],
  ['وليد', 'Walid'],
  ['ياسر', 'Yasser'],
  ['سامح', 'Sameh'],
  ['أيمن', 'Ayman'],
  ['إيهاب', 'Ehab'],
  ['أشرف', 'Ashraf'],
  ['عادل', 'Adel'],
  ['مؤمن', 'Moamen'],
  ['زياد', 'Ziad'],
  ['عبد الرحمن', 'Abdelrahman'],
  ['عبد الله', 'Abdallah'],
  ['سيف', 'Seif'],
  ['أنس', 'Anas'],
  ['حازم', 'Hazem'],
  ['تامر', 'Tamer'],
  ['نادر', 'Nader'],
  ['ماجد', 'Maged'],
  ['رامي', 'Ramy'],
  ['إسماعيل', 'Ismail'],
  ['أسامة', 'Osama'],
  ['حمزة', 'Hamza'],
  ['مازن', 'Mazen'],
  ['أدهم', 'Adham'],
];

const FEMALE: readonly Name[] = [
  ['فاطمة', 'Fatma'],
  ['آية', 'Aya'],
  ['مريم', 'Mariam'],
  ['نورهان', 'Nourhan'],
  ['سارة', 'Sara'],
  ['ياسمين', 'Yasmin'],
  ['منى', 'Mona'],
  ['هبة', 'Heba'],
  ['دينا', 'Dina'],
  ['رانيا', 'Rania'],
  ['إيمان', 'Eman'],
  ['أسماء', 'Asmaa'],
  ['شيماء', 'Shaimaa'],
  ['نهى', 'Noha'],
  ['سلمى', 'Salma'],
  ['ملك', 'Malak'],
  ['حبيبة', 'Habiba'],
  ['جنى', 'Jana'],
  ['رحمة', 'Rahma'],
  ['ندى', 'Nada'],
  ['هالة', 'Hala'],
  ['أمل', 'Amal'],
  ['سمر', 'Samar'],
  ['ريهام', 'Reham'],
  ['مروة', 'Marwa'],
  ['إسراء', 'Esraa'],
  ['دعاء', 'Doaa'],
  ['آلاء', 'Alaa'],
  ['ولاء', 'Walaa'],
  ['زينب', 'Zeinab'],
  ['خديجة', 'Khadiga'],
  ['عائشة', 'Aisha'],
  ['نرمين', 'Nermeen'],
  ['بسمة', 'Basma'],
  ['إنجي', 'Engy'],
];

/** Fathers' names: ordinary first names, plus compound ones. */
const FATHERS: readonly Name[] = [
  ...MALE,
  ['السيد', 'El Sayed'],
  ['عبد العزيز', 'Abdelaziz'],
  ['عبد الحميد', 'Abdelhamid'],
  ['عبد الفتاح', 'Abdelfattah'],
  ['فتحي', 'Fathy'],
  ['صلاح', 'Salah'],
  ['جمال', 'Gamal'],
  ['سعيد', 'Saeed'],
  ['رمضان', 'Ramadan'],
  ['فاروق', 'Farouk'],
];

const FAMILIES: readonly Name[] = [
  ['الشافعي', 'El Shafei'],
  ['المصري', 'El Masry'],
  ['النجار', 'El Naggar'],
  ['الشريف', 'El Sherif'],
  ['فهمي', 'Fahmy'],
  ['سليمان', 'Soliman'],
  ['منصور', 'Mansour'],
  ['عثمان', 'Osman'],
  ['حجازي', 'Hegazy'],
  ['البنا', 'El Banna'],
  ['القاضي', 'El Kady'],
  ['الجمال', 'El Gamal'],
  ['شحاتة', 'Shehata'],
  ['بدوي', 'Badawy'],
  ['زكي', 'Zaki'],
  ['يونس', 'Younis'],
  ['الدسوقي', 'El Desouky'],
  ['موسى', 'Moussa'],
  ['عاشور', 'Ashour'],
  ['حسن', 'Hassan'],
  ['إبراهيم', 'Ibrahim'],
  ['عبد الرحمن', 'Abdelrahman'],
  ['الحسيني', 'El Husseiny'],
  ['رضوان', 'Radwan'],
  ['الفقي', 'El Feky'],
  ['هلال', 'Helal'],
  ['عوض', 'Awad'],
  ['الطنطاوي', 'El Tantawy'],
  ['الإسكندراني', 'El Eskandarany'],
  ['خليل', 'Khalil'],
];

const COPTIC_MALE: readonly Name[] = [
  ['مينا', 'Mina'],
  ['بيشوي', 'Bishoy'],
  ['جرجس', 'Girgis'],
  ['فادي', 'Fady'],
  ['بيتر', 'Peter'],
  ['مايكل', 'Michael'],
  ['أندرو', 'Andrew'],
  ['كيرلس', 'Kirollos'],
];
const COPTIC_FEMALE: readonly Name[] = [
  ['مارينا', 'Marina'],
  ['مريم', 'Mariam'],
  ['كريستين', 'Christine'],
  ['ماريان', 'Marian'],
  ['إيريني', 'Irene'],
  ['مونيكا', 'Monica'],
];
const COPTIC_FATHERS: readonly Name[] = [
  ['جرجس', 'Girgis'],
  ['حنا', 'Hanna'],
  ['عزيز', 'Aziz'],
  ['شنودة', 'Shenouda'],
  ['ميخائيل', 'Mikhail'],
  ['رزق', 'Rizk'],
  ['صموئيل', 'Samuel'],
  ['مجدي', 'Magdy'],
  ['عادل', 'Adel'],
  ['سمير', 'Samir'],
];
const COPTIC_FAMILIES: readonly Name[] = [
  ['غالي', 'Ghaly'],
  ['حنا', 'Hanna'],
  ['بطرس', 'Boutros'],
  ['عبد المسيح', 'Abdelmessih'],
  ['تادرس', 'Tadros'],
  ['إسكندر', 'Iskander'],
];

export type Gender = 'male' | 'female';

export type PersonName = {
  ar: string;
  en: string;
  gender: Gender;
  /** For e-mail addresses: "ahmed.elshafei". */
  slug: string;
};

export function personName(rng: Random, gender: Gender = rng.chance(0.5) ? 'male' : 'female'): PersonName {
  const coptic = rng.chance(0.12);
  const first = rng.pick(coptic ? (gender === 'male' ? COPTIC_MALE : COPTIC_FEMALE) : gender === 'male' ? MALE : FEMALE);
  let father = rng.pick(coptic ? COPTIC_FATHERS : FATHERS);
  while (father[1] === first[1]) father = rng.pick(coptic ? COPTIC_FATHERS : FATHERS);
  let family = rng.pick(coptic ? COPTIC_FAMILIES : FAMILIES);
  while (family[1] === father[1]) family = rng.pick(coptic ? COPTIC_FAMILIES : FAMILIES);
  return fullName(gender, first, father, family);
}

/** A name spelled out explicitly (fixture people). */
export function fullName(gender: Gender, first: Name, father: Name, family: Name): PersonName {
  return {
    ar: `${first[0]} ${father[0]} ${family[0]}`,
    en: `${first[1]} ${father[1]} ${family[1]}`,
    gender,
    slug: `${compact(first[1])}.${compact(family[1])}`,
  };
}

const compact = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '');

export const slugify = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A first name alone, e.g. to add a grandfather's name to a full name. */
export const firstName = (rng: Random, gender: Gender): Name => rng.pick(gender === 'male' ? MALE : FEMALE);

/** Doctor's title: "د." in Arabic and "Dr." in English. */
export const doctorName = (person: PersonName) => ({ ar: `د. ${person.ar}`, en: `Dr. ${person.en}` });

/** Mobile numbers by country prefix, in E.164 form. */
export function mobilePhone(rng: Random, prefix = '+20'): string {
  switch (prefix) {
    case '+20':
      return `+20${rng.pick(['10', '11', '12', '15'])}${rng.digits(8)}`;
    case '+966':
      return `+9665${rng.digits(8)}`;
    case '+971':
      return `+9715${rng.pick(['0', '2', '5', '6'])}${rng.digits(7)}`;
    case '+962':
      return `+9627${rng.pick(['7', '8', '9'])}${rng.digits(7)}`;
    case '+965':
      return `+965${rng.pick(['5', '6', '9'])}${rng.digits(7)}`;
    default:
      return `${prefix}${rng.digits(9)}`;
  }
}
