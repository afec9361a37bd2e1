import type { Database } from '../../db/database';
import { userSubscriptionRepository as repository } from './repository';

/** Subscriptions of users to plans: read-only for admins. */
export function createUserSubscriptionService(db: Database) {
  return {
    list: (query: { page: number; perPage: number; search?: string | undefined }) => repository.page(db, query),
  };
}
