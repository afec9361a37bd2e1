import type { Trend } from '@sehha/contract/home';
import type { Database } from '../../db/database';
import { homeRepository } from './repository';

const round = (value: number) => Math.round(value * 100) / 100;

/** Today's figure against yesterday's: percentage change (null when yesterday was 0) and direction. */
export function trendOf(today: number, yesterday: number): Trend {
  const change = yesterday === 0 ? null : round(((today - yesterday) / yesterday) * 100);
  const direction = today > yesterday ? 'up' : today < yesterday ? 'down' : 'flat';
  return { today: round(today), yesterday: round(yesterday), change_percent: change, direction };
}

/**
 * The home cards. Totals (users, revenue, subscriptions) compare their value now with their value
 * at the end of yesterday; new users compares today's sign-ups with yesterday's. Days are local
 * days in the platform's time zone.
 */
export function createHomeService(db: Database, timeZone: string) {
  return {
    async stats(adminName: string) {
      const f = await homeRepository.figures(db, timeZone);
      return {
        admin_name: adminName,
        total_users: { value: f.totalUsers, trend: trendOf(f.totalUsers, f.totalUsers - f.usersToday) },
        new_users: { value: f.usersToday, trend: trendOf(f.usersToday, f.usersYesterday) },
        total_revenue: {
          value: round(f.revenueTotal),
          currency: 'EGP' as const,
          trend: trendOf(f.revenueTotal, f.revenueTotal - f.revenueToday),
        },
        subscriptions: { value: f.subscriptionsTotal, trend: trendOf(f.subscriptionsTotal, f.subscriptionsTotal - f.subscriptionsToday) },
      };
    },
    async revenue(period: 'daily' | 'monthly') {
      return { period, currency: 'EGP' as const, points: await homeRepository.revenue(db, timeZone, period) };
    },
  };
}
