/**
 * Well-known demo records, for browser tests and demos to look for. The seeders build these
 * records from the definitions here, always at the same positions (first doctor, first pharmacy…),
 * so the names below stay true whatever else the seed generates. Pure data: safe to import anywhere.
 */
type Pair = readonly [ar: string, en: string];
type FixturePerson = {
    gender: 'male' | 'female';
    first: Pair;
    father: Pair;
    family: Pair;
};
/** The first ordinary users. `users.name` holds English at even positions and Arabic at odd ones. */
export declare const FIXTURE_USERS: readonly FixturePerson[];
export declare const demoFixtures: {
    readonly users: {
        /** Stored in English. */
        readonly english: {
            readonly name: "Omar Khaled Abdelaziz";
            readonly email: "omar.abdelaziz@example.com";
            readonly phonePrefix: "+20";
        };
        /** Stored in Arabic with hamza (أحمد): searching "احمد" finds it. */
        readonly arabic: {
            readonly name: "أحمد محمد السيد";
            readonly email: "ahmed.elsayed@example.com";
            readonly foldedQuery: "احمد";
        };
        /** Ta marbuta ending: searching "فاطمه" finds it. */
        readonly taMarbuta: {
            readonly name: "فاطمة إبراهيم حسن";
            readonly foldedQuery: "فاطمه";
        };
        readonly total: 300;
        readonly deactivated: 22;
        readonly joinedToday: 7;
        readonly joinedYesterday: 4;
    };
    /** Approved, special, Cardiology, Nasr City; the most appointments of any doctor. */
    readonly firstDoctor: {
        readonly name_en: "Dr. Ahmed Mahmoud El Shafei";
        readonly name_ar: "د. أحمد محمود الشافعي";
        readonly email: "dr.ahmed.elshafei@example.com";
        readonly speciality_en: "Cardiology";
        readonly speciality_ar: "أمراض القلب";
        readonly minAppointments: 20;
        readonly knownAppointments: readonly [{
            readonly patient: "Omar Khaled Abdelaziz";
            readonly dayOffset: 14;
            readonly hour: 10;
            readonly minute: 0;
            readonly type: "website";
        }, {
            readonly patient: "أحمد محمد السيد";
            readonly dayOffset: 14;
            readonly hour: 12;
            readonly minute: 30;
            readonly type: "cash";
        }, {
            readonly patient: "Aya Mostafa El Naggar";
            readonly dayOffset: 14;
            readonly hour: 17;
            readonly minute: 0;
            readonly type: "website";
        }];
        readonly ads: 2;
    };
    readonly pendingDoctor: {
        readonly name_en: "Dr. Mariam Adel Fahmy";
        readonly name_ar: "د. مريم عادل فهمي";
        readonly status: "pending";
    };
    readonly onHoldDoctor: {
        readonly name_en: "Dr. Youssef Tarek El Naggar";
        readonly name_ar: "د. يوسف طارق النجار";
        readonly status: "onHold";
    };
    readonly rejectedDoctor: {
        readonly name_en: "Dr. Heba Sameh Mansour";
        readonly name_ar: "د. هبة سامح منصور";
        readonly status: "rejected";
    };
    readonly pharmacy: {
        readonly name_en: "Al Shifa Pharmacy";
        readonly name_ar: "صيدلية الشفاء";
        readonly status: "approved";
        readonly branches: readonly ["Maadi Branch", "Nasr City Branch", "Dokki Branch"];
        readonly medicines: 15;
        readonly pdfAttachment: "pharmacy-license.pdf";
        readonly imageAttachment: "commercial-register.png";
    };
    readonly hospital: {
        readonly name_en: "Nile Specialized Hospital";
        readonly name_ar: "مستشفى النيل التخصصي";
        readonly status: "approved";
        readonly departments: readonly ["Cardiology Department", "Pediatrics Department", "Orthopedics Department", "General Surgery Department", "Ophthalmology Department"];
        readonly attachments: {
            readonly image: "commercial-register.png";
            readonly pdf: "hospital-license.pdf";
            readonly unsupported: "accreditation-report.docx";
        };
    };
    readonly medicalCenter: {
        readonly name_en: "Ibn Sina Medical Center";
        readonly name_ar: "مركز ابن سينا الطبي";
        readonly status: "approved";
        readonly clinics: readonly ["Pediatrics Clinic", "Dermatology Clinic", "Dentistry Clinic", "Internal Medicine Clinic"];
    };
    readonly company: {
        readonly name_en: "Nile Pharma";
        readonly name_ar: "شركة النيل للأدوية";
    };
    readonly companyWithoutCountry: {
        readonly name_en: "Gulf Medical Supplies";
        readonly name_ar: "شركة الخليج للمستلزمات الطبية";
    };
    /** The newest change request; accepting it changes only this user's phone. */
    readonly waitingChangeRequest: {
        readonly userName: "إسلام أشرف منصور";
        readonly email: "eslam.mansour@example.com";
        readonly role: "user";
        readonly status: 0;
        readonly changes: {
            readonly phone: "+201001234567";
        };
    };
    /** The newest prescription. */
    readonly prescription: {
        readonly pharmacy_en: "Al Shifa Pharmacy";
        readonly pharmacy_ar: "صيدلية الشفاء";
        readonly userName: "Omar Khaled Abdelaziz";
    };
    readonly plans: {
        readonly withoutDateAndDescription: "Family Plan";
        readonly weekly: "Weekly Plan";
    };
};
/** The wall-clock times ('YYYY-MM-DD HH:MM:SS') of the first doctor's known appointments for a seed run at `now`. */
export declare function firstDoctorKnownAppointmentTimes(now: Date): string[];
export {};
