import { z } from 'zod';
import { listQuery, namedFields } from './fields';
import { envelope, paginator } from './envelope';
import { planPeriodUnitSchema, subscriptionStatusSchema } from './status-codes';

/** One subscription of a user to a plan, as listed on the user-subscription screen. */
export const userSubscription = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  plan: z.object({ ...namedFields, period_unit: planPeriodUnitSchema, period_length: z.number().int(), currency: z.string() }),
  price_paid: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: subscriptionStatusSchema,
  created_at: z.string(),
});
export type UserSubscription = z.infer<typeof userSubscription>;

/** `search` matches the user's name, email or phone. */
export const userSubscriptionListQuery = listQuery(10);
export const userSubscriptionListResponse = envelope(paginator(userSubscription));

export const userSubscriptionPaths = { list: '/api/admin/user-subscriptions' };
