import { z } from 'zod';
import { envelope } from './envelope';

export const trend = z.object({
  today: z.number(),
  yesterday: z.number(),
  /** Percentage change from yesterday; null when yesterday was 0. */
  change_percent: z.number().nullable(),
  direction: z.enum(['up', 'down', 'flat']),
});
export type Trend = z.infer<typeof trend>;

export const homeStats = z.object({
  admin_name: z.string(),
  total_users: z.object({ value: z.number(), trend }),
  new_users: z.object({ value: z.number(), trend }),
  total_revenue: z.object({ value: z.number(), currency: z.literal('EGP'), trend }),
  subscriptions: z.object({ value: z.number(), trend }),
});
export type HomeStats = z.infer<typeof homeStats>;
export const homeStatsResponse = envelope(homeStats);

export const revenueQuery = z.object({ period: z.enum(['daily', 'monthly']).default('daily') });
export const revenuePoint = z.object({ date: z.string(), amount: z.number() });
export const revenueSeries = z.object({ period: z.enum(['daily', 'monthly']), currency: z.literal('EGP'), points: z.array(revenuePoint) });
export type RevenueSeries = z.infer<typeof revenueSeries>;
export const revenueResponse = envelope(revenueSeries);

export { homePaths } from './home-paths';

/**
 * The operations home's queues (issue 29): what waits, by kind. The dashboard names each by its key
 * (home namespace, `queues.<key>`); the API sends only those the admin's role may open.
 */
export const operationsQueueKeys = [
  'doctors',
  'pharmacies',
  'hospitals',
  'medicalCenters',
  'companies',
  'licensesPending',
  'licensesExpiring',
  'changeRequests',
  'bookingsToday',
  'cancellationsToday',
  'failedNotifications',
  'failedPaymentsToday',
] as const;
export type OperationsQueueKey = (typeof operationsQueueKeys)[number];

/** A dashboard screen (config/paths.ts route, without /{lng}/dashboard/) and the filter its list opens with. */
export const screenLink = z.object({ screen: z.string(), query: z.record(z.string(), z.string()) });
export type ScreenLink = z.infer<typeof screenLink>;

export const operationsQueue = z.object({
  key: z.enum(operationsQueueKeys),
  group: z.enum(['applications', 'licenses', 'requests', 'platform']),
  count: z.number().int(),
  /** When the oldest item came in (submitted, created or failed); null when the queue is empty or has no age. */
  oldest_at: z.string().nullable(),
  /** Licences expiring: the soonest expiry date ('YYYY-MM-DD'); null otherwise. */
  soonest_on: z.string().nullable(),
  /** The filtered list it opens; null where the dashboard has no list for it yet. */
  link: screenLink.nullable(),
});
export type OperationsQueue = z.infer<typeof operationsQueue>;

export const operationsHome = z.object({
  /** The instant the figures were taken at, and the zone whose day "today" is. */
  as_of: z.string(),
  time_zone: z.string(),
  queues: z.array(operationsQueue),
  /** Like for like: today so far against yesterday up to the same time (users and revenue: the same hour). */
  trends: z.object({ new_users: trend, bookings: trend, revenue: trend }),
});
export type OperationsHome = z.infer<typeof operationsHome>;
export const operationsHomeResponse = envelope(operationsHome);
