/**
 * The app API (mobile apps): versioned from day one, since installed apps cannot all be updated at once.
 * Every app route lives under this prefix, and only the app scope (apps/api/src/auth/app-scope.ts) registers there.
 */
export const appPrefix = '/api/v1';

/** The app API's paths, once: read by the API's routes and by the tests. */
export const appPaths = {
  otp: `${appPrefix}/auth/otp`,
  verify: `${appPrefix}/auth/verify`,
  logout: `${appPrefix}/auth/logout`,
  me: `${appPrefix}/me`,
  specialities: `${appPrefix}/directory/specialities`,
  pharmacyCategories: `${appPrefix}/directory/pharmacy-categories`,
  countries: `${appPrefix}/directory/countries`,
  cities: (countryId: string) => `${appPrefix}/directory/countries/${countryId}/cities`,
  states: (cityId: string) => `${appPrefix}/directory/cities/${cityId}/states`,
  homeAds: `${appPrefix}/directory/home-ads`,
  doctors: `${appPrefix}/directory/doctors`,
  doctor: (id: string) => `${appPrefix}/directory/doctors/${id}`,
  /** A signed-in account's provider application: POST to apply or resubmit, GET to follow it. */
  providerApplication: `${appPrefix}/provider/application`,
  providerChangeRequests: `${appPrefix}/provider/change-requests`,
  pharmacies: `${appPrefix}/directory/pharmacies`,
  pharmacy: (id: string) => `${appPrefix}/directory/pharmacies/${id}`,
  hospitals: `${appPrefix}/directory/hospitals`,
  hospital: (id: string) => `${appPrefix}/directory/hospitals/${id}`,
  medicalCenters: `${appPrefix}/directory/medical-centers`,
  medicalCenter: (id: string) => `${appPrefix}/directory/medical-centers/${id}`,
  /** An online booking's payment link (public: the app opens it in a browser): a redirect to the gateway's page. */
  payment: (reference: string) => `${appPrefix}/payments/${reference}`,
  /** Where the gateway sends the patient back: the outcome, in the patient's language. */
  paymentResult: (reference: string) => `${appPrefix}/payments/${reference}/result`,
  /** The gateway's signed server-to-server callback, per driver (PAYMENT_DRIVER). */
  paymentCallback: (driver: string) => `${appPrefix}/payments/callback/${driver}`,
  /** The fake gateway's hosted page (PAYMENT_DRIVER=fake): GET shows it, POST presses Pay or Fail. */
  fakePaymentPage: (reference: string) => `${appPrefix}/payments/fake/${reference}`,
  /** A patient's prescriptions to pharmacies: POST (multipart) to send one, GET to follow them. */
  prescriptions: `${appPrefix}/prescriptions`,
  prescription: (id: string) => `${appPrefix}/prescriptions/${id}`,
  /** A pharmacy's received prescriptions, and its reply to one. */
  pharmacyPrescriptions: `${appPrefix}/pharmacy/prescriptions`,
  pharmacyPrescription: (id: string) => `${appPrefix}/pharmacy/prescriptions/${id}`,
  pharmacyPrescriptionReply: (id: string) => `${appPrefix}/pharmacy/prescriptions/${id}/reply`,
  // Booking (issue 27): a doctor's hours and free slots, the patient's appointments, the provider's day.
  doctorSlots: (id: string) => `${appPrefix}/directory/doctors/${id}/slots`,
  providerAvailability: `${appPrefix}/provider/availability`,
  providerAvailabilityExceptions: `${appPrefix}/provider/availability/exceptions`,
  providerAvailabilityException: (date: string) => `${appPrefix}/provider/availability/exceptions/${date}`,
  appointments: `${appPrefix}/appointments`,
  appointmentCancel: (id: string) => `${appPrefix}/appointments/${id}/cancel`,
  appointmentReschedule: (id: string) => `${appPrefix}/appointments/${id}/reschedule`,
  providerAppointments: `${appPrefix}/provider/appointments`,
  providerAppointmentComplete: (id: string) => `${appPrefix}/provider/appointments/${id}/complete`,
  providerAppointmentNoShow: (id: string) => `${appPrefix}/provider/appointments/${id}/no-show`,
  providerAppointmentCancel: (id: string) => `${appPrefix}/provider/appointments/${id}/cancel`,
  // Health data protection (issue 28): the legal texts, the account's consents, and a person's rights.
  /** The current privacy notice or terms (public), with its version. */
  legal: (document: string) => `${appPrefix}/legal/${document}`,
  /** GET the account's consents (and what it must consent to again); POST gives or withdraws one. */
  consents: `${appPrefix}/me/consents`,
  /** GET starts (or follows) an export of everything held about the account. */
  myData: `${appPrefix}/me/data`,
  /** The export's archive, through the signed link the SMS/email carries: downloadable once, for 24 h. */
  myDataDownload: (requestId: string) => `${appPrefix}/me/data/${requestId}/download`,
  /** POST a new mobile number: a code is sent to it; POST …/verify with that code changes the account's number. */
  myPhone: `${appPrefix}/me/phone`,
  myPhoneVerify: `${appPrefix}/me/phone/verify`,
  /** POST erases the account (pseudonymises what others must keep). */
  erasure: `${appPrefix}/me/erasure`,
} as const;
