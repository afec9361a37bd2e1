import { AppointmentsScreen } from './appointments-screen';

/**
 * Route `medicalCenter-appointment/:doctorId` (the parameter holds the medical center id). Same
 * layout as the hospital screen (spec §2); unlike the original, translated and with language-prefixed links.
 */
export default function MedicalCenterAppointmentsPage() {
  return (
    <AppointmentsScreen
      owner="medical-center"
      screen="medicalCenterAppointments"
      titleKey="medicalCenterTitle"
      parent={{ labelKey: 'hospitals', path: '/dashboard/hospitals', ownerPath: '/dashboard/medical-center' }}
      gridClassName="grid-cols-1 sm:grid-cols-2 lg:grid-cols-4"
    />
  );
}
