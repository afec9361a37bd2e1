import type { Database } from '../../db/database';
import { paymentAdminRepository as repository, type PaymentFilter } from './admin-repository';

/** The admin's read of checkouts (issue 29): days are local days of the platform's zone. */
export function createPaymentAdminService(db: Database, timeZone: string) {
  return {
    list: (query: PaymentFilter & { page: number; perPage: number }) => repository.page(db, timeZone, query),
  };
}
