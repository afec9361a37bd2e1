import type { AppModules } from '../auth/app-scope';
import { appAccountRoutes, appSignInRoutes } from './app-accounts/routes';
import { directoryRoutes } from './directory/routes';
import { paymentRoutes } from './payments/routes';
import { patientPrescriptionRoutes } from './prescriptions/patient-routes';
import { pharmacyPrescriptionRoutes } from './prescriptions/pharmacy-routes';
import { availabilityRoutes, slotRoutes } from './availability/routes';
import { bookingRoutes, providerBookingRoutes } from './bookings/routes';
import { providerApplicationRoutes } from './provider-applications/routes';
import { providerChangeRequestRoutes } from './provider-change-requests/routes';
import { consentRoutes, legalRoutes } from './consents/routes';
import { myDataDownloadRoutes, myDataRoutes } from './data-requests/app-routes';

/**
 * Every module of the app API (`/api/v1`), by scope; app.ts registers them inside the app scope
 * (auth/app-scope.ts). A module's routes live in one scope only: public, any signed-in app account, or the
 * provider accounts of one kind (`provider: { doctor: [...] }`). Same module shape as the admin API's
 * (routes → service → repository).
 */
export const appModules: AppModules = {
  public: [appSignInRoutes, directoryRoutes, slotRoutes, paymentRoutes, legalRoutes, myDataDownloadRoutes],
  account: [appAccountRoutes, providerApplicationRoutes, bookingRoutes, patientPrescriptionRoutes, consentRoutes, myDataRoutes],
  provider: {
    doctor: [providerChangeRequestRoutes, availabilityRoutes, providerBookingRoutes],
    pharmacy: [providerChangeRequestRoutes, pharmacyPrescriptionRoutes],
    hospital: [providerChangeRequestRoutes, availabilityRoutes, providerBookingRoutes],
    medical_center: [providerChangeRequestRoutes, availabilityRoutes, providerBookingRoutes],
    company: [providerChangeRequestRoutes],
  },
};
