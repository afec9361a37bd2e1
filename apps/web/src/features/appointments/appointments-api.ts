import { appointmentPaths, appointmentsPerPage, type Appointment, type AppointmentOwner } from '@sehha/contract/appointments';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';

export const appointmentsKey = 'appointments';

/** Each owner's list path (also its export's, with `/export`). */
export const pathOf: Record<AppointmentOwner, (id: number | string) => string> = {
  doctor: appointmentPaths.doctor,
  hospital: appointmentPaths.hospital,
  'medical-center': appointmentPaths.medicalCenter,
};

/** Spec §7: `GET /api/admin/appointments/{owner}/{id}?per_page=8&page=N`; a failure toasts the response's message. */
export function useAppointments(owner: AppointmentOwner, id: number | null, page: number) {
  return usePaginatedQuery<Appointment>(
    appointmentsKey,
    pathOf[owner](id ?? 0),
    { per_page: appointmentsPerPage, page },
    { serverMessage: true, errorMessageKey: 'appointments:fetchError', enabled: id !== null },
  );
}
