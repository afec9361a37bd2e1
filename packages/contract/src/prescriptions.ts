import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { nameFields, pageField, perPageField, searchField } from './fields';

/** Prescriptions users uploaded for pharmacies: spec §3 Prescription, calls of spec §7. */
export const prescriptionsPerPage = 10;

/** `?page=N` for the list; `?pharmacy_name=` searches by pharmacy (Arabic or English, folded). */
export const prescriptionListQuery = z.object({
  page: pageField,
  per_page: perPageField(prescriptionsPerPage),
  pharmacy_name: searchField,
});

export const prescription = z.object({
  id: z.number().int(),
  /**
   * The storage key with a short-lived signature, `prescriptions/x.png?expires=…&signature=…`:
   * `/storage/{image}` shows it to the admin, the bare `/storage/prescriptions/x.png` is refused (403).
   */
  image: z.string(),
  /** Seconds since the epoch after which `image` stops working (fetch the list again). */
  image_expires_at: z.number().int(),
  note: z.string().nullable(),
  /** `name` is in the request's language (Accept-Language). */
  pharmacy: z.object({ id: z.number().int(), name: z.string(), ...nameFields }),
  user: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
});
export type Prescription = z.infer<typeof prescription>;

export const prescriptionListResponse = envelope(paginator(prescription));

export const prescriptionPaths = { list: '/api/admin/prescription/index' };
