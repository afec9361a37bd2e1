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
