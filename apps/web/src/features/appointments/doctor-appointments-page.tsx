import { AppointmentsScreen } from './appointments-screen';

/** Route `doctor-appointment/:doctorId`: breadcrumb Home / Doctors / Appointments, 3 columns on large screens. */
export default function DoctorAppointmentsPage() {
  return (
    <AppointmentsScreen
      owner="doctor"
      screen="doctorAppointments"
      titleKey="doctorTitle"
      parent={{ labelKey: 'doctors', path: '/dashboard/doctors' }}
      gridClassName="grid-cols-1 sm:grid-cols-2 lg:grid-cols-3"
    />
  );
}
