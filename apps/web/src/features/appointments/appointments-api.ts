import { useQuery } from '@tanstack/react-query';
import type { Envelope } from '@sehha/contract/envelope';
import { providerPaths, type ProviderSummary } from '@sehha/contract/providers';
import { apiRequest } from '../../lib/api-client';
import { appointmentPaths, appointmentsPerPage, type Appointment, type AppointmentOwner } from '@sehha/contract/appointments';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';

export const appointmentsKey = 'appointments';

const pathOf: Record<AppointmentOwner, (id: number | string) => string> = {
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

/**
 * Whose appointments a screen shows (doctor, hospital or medical center): its name for the heading and breadcrumb.
 * Same key as the provider screens' query, so the cache is shared.
 */
export function useAppointmentOwner(id: number | null) {
  return useQuery({
    queryKey: ['providers', 'show', id],
    queryFn: ({ signal }) => apiRequest<Envelope<ProviderSummary>>(providerPaths.show(id!), { signal }).then((body) => body.data),
    enabled: id !== null,
  });
}
