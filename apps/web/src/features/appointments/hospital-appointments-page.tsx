import { AppointmentsScreen } from './appointments-screen';

/** Route `hospital-appointment/:doctorId` (the parameter holds the hospital id): 4 columns on large screens. */
export default function HospitalAppointmentsPage() {
  return (
    <AppointmentsScreen
      owner="hospital"
      screen="hospitalAppointments"
      titleKey="hospitalTitle"
      parent={{ labelKey: 'hospitals', path: '/dashboard/hospitals' }}
      gridClassName="grid-cols-1 sm:grid-cols-2 lg:grid-cols-4"
    />
  );
}
