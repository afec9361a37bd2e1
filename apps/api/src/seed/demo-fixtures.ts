import { Clock } from './clock';

/**
 * Well-known demo records, for browser tests and demos to look for. The seeders build these
 * records from the definitions here, always at the same positions (first doctor, first pharmacy…),
 * so the names below stay true whatever else the seed generates. Pure data: safe to import anywhere.
 */

type Pair = readonly [ar: string, en: string];
type FixturePerson = { gender: 'male' | 'female'; first: Pair; father: Pair; family: Pair };

/** The first ordinary users. `users.name` holds English at even positions and Arabic at odd ones. */
export const FIXTURE_USERS: readonly FixturePerson[] = [
  { gender: 'male', first: ['عمر', 'Omar'], father: ['خالد', 'Khaled'], family: ['عبد العزيز', 'Abdelaziz'] },
  { gender: 'male', first: ['أحمد', 'Ahmed'], father: ['محمد', 'Mohamed'], family: ['السيد', 'El Sayed'] },
  { gender: 'female', first: ['آية', 'Aya'], father: ['مصطفى', 'Mostafa'], family: ['النجار', 'El Naggar'] },
  { gender: 'female', first: ['فاطمة', 'Fatma'], father: ['إبراهيم', 'Ibrahim'], family: ['حسن', 'Hassan'] },
  { gender: 'male', first: ['كريم', 'Karim'], father: ['عادل', 'Adel'], family: ['منصور', 'Mansour'] },
  { gender: 'male', first: ['إسلام', 'Eslam'], father: ['أشرف', 'Ashraf'], family: ['منصور', 'Mansour'] },
];

/** The three latest appointments of the first doctor, `dayOffset` days after the seed's date (Cairo). */
const KNOWN_APPOINTMENTS = [
  { patient: 'Omar Khaled Abdelaziz', dayOffset: 14, hour: 10, minute: 0, type: 'website' },
  { patient: 'أحمد محمد السيد', dayOffset: 14, hour: 12, minute: 30, type: 'cash' },
  { patient: 'Aya Mostafa El Naggar', dayOffset: 14, hour: 17, minute: 0, type: 'website' },
] as const;

export const demoFixtures = {
  users: {
    /** Stored in English. */
    english: { name: 'Omar Khaled Abdelaziz', email: 'omar.abdelaziz@example.com', phonePrefix: '+20' },
    /** Stored in Arabic with hamza (أحمد): searching "احمد" finds it. */
    arabic: { name: 'أحمد محمد السيد', email: 'ahmed.elsayed@example.com', foldedQuery: 'احمد' },
    /** Ta marbuta ending: searching "فاطمه" finds it. */
    taMarbuta: { name: 'فاطمة إبراهيم حسن', foldedQuery: 'فاطمه' },
    total: 300,
    deactivated: 22,
    joinedToday: 7,
    joinedYesterday: 4,
  },
  /** Approved, special, Cardiology, Nasr City; the most appointments of any doctor. */
  firstDoctor: {
    name_en: 'Dr. Ahmed Mahmoud El Shafei',
    name_ar: 'د. أحمد محمود الشافعي',
    email: 'dr.ahmed.elshafei@example.com',
    speciality_en: 'Cardiology',
    speciality_ar: 'أمراض القلب',
    minAppointments: 20,
    knownAppointments: KNOWN_APPOINTMENTS,
    ads: 2,
  },
  pendingDoctor: { name_en: 'Dr. Mariam Adel Fahmy', name_ar: 'د. مريم عادل فهمي', status: 'pending' },
  onHoldDoctor: { name_en: 'Dr. Youssef Tarek El Naggar', name_ar: 'د. يوسف طارق النجار', status: 'onHold' },
  rejectedDoctor: { name_en: 'Dr. Heba Sameh Mansour', name_ar: 'د. هبة سامح منصور', status: 'rejected' },
  pharmacy: {
    name_en: 'Al Shifa Pharmacy',
    name_ar: 'صيدلية الشفاء',
    status: 'approved',
    branches: ['Maadi Branch', 'Nasr City Branch', 'Dokki Branch'],
    medicines: 15,
    pdfAttachment: 'pharmacy-license.pdf',
    imageAttachment: 'commercial-register.png',
  },
  hospital: {
    name_en: 'Nile Specialized Hospital',
    name_ar: 'مستشفى النيل التخصصي',
    status: 'approved',
    departments: [
      'Cardiology Department',
      'Pediatrics Department',
      'Orthopedics Department',
      'General Surgery Department',
      'Ophthalmology Department',
    ],
    attachments: { image: 'commercial-register.png', pdf: 'hospital-license.pdf', unsupported: 'accreditation-report.docx' },
  },
  medicalCenter: {
    name_en: 'Ibn Sina Medical Center',
    name_ar: 'مركز ابن سينا الطبي',
    status: 'approved',
    clinics: ['Pediatrics Clinic', 'Dermatology Clinic', 'Dentistry Clinic', 'Internal Medicine Clinic'],
  },
  company: { name_en: 'Nile Pharma', name_ar: 'شركة النيل للأدوية' },
  companyWithoutCountry: { name_en: 'Gulf Medical Supplies', name_ar: 'شركة الخليج للمستلزمات الطبية' },
  /** The newest change request; accepting it changes only this user's phone. */
  waitingChangeRequest: {
    userName: 'إسلام أشرف منصور',
    email: 'eslam.mansour@example.com',
    role: 'user',
    status: 0,
    changes: { phone: '+201001234567' },
  },
  /** The newest prescription. */
  prescription: { pharmacy_en: 'Al Shifa Pharmacy', pharmacy_ar: 'صيدلية الشفاء', userName: 'Omar Khaled Abdelaziz' },
  plans: { withoutDateAndDescription: 'Family Plan', weekly: 'Weekly Plan' },
} as const;

/** The wall-clock times ('YYYY-MM-DD HH:MM:SS') of the first doctor's known appointments for a seed run at `now`. */
export function firstDoctorKnownAppointmentTimes(now: Date): string[] {
  const clock = new Clock(now);
  return KNOWN_APPOINTMENTS.map((a) => clock.wallClock(a.dayOffset, a.hour, a.minute));
}
