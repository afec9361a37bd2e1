import type { OperationsHome, OperationsQueue, ScreenLink } from '@sehha/contract/home';
import type { Permission } from '@sehha/contract/permissions';
import { routePermission } from '@sehha/contract/route-permissions';
import { providerPaths, type ProviderKindSlug } from '@sehha/contract/providers';
import { licensePaths } from '@sehha/contract/licenses';
import { changeRequestPaths } from '@sehha/contract/change-requests';
import { notificationPaths } from '@sehha/contract/notifications';
import { appointmentPaths } from '@sehha/contract/appointments';
import { paymentAdminPaths } from '@sehha/contract/payments';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import { operationsRepository, type QueueFigures } from './operations-repository';
import { trendOf } from './service';
import { localDate } from '../licenses/repository';

type Figures = Awaited<ReturnType<typeof operationsRepository.figures>>;

/**
 * One card: what it counts, the admin API list it stands for (an admin sees a card only when their role may call
 * that list: the permission is read from the contract's route table, never listed twice), and the dashboard list
 * it opens.
 */
type QueueCard = {
  key: OperationsQueue['key'];
  group: OperationsQueue['group'];
  list: string;
  /** `today`: the platform's local date of the figures (the list's `date`, so that it shows the very day counted). */
  link: ((today: string) => ScreenLink) | null;
  figures: (f: Figures) => QueueFigures & { soonest?: string | null };
};

const pending = { status: 'pending' };

const application = (
  key: OperationsQueue['key'],
  slug: ProviderKindSlug,
  screen: string,
  kind: keyof Figures['applications'],
): QueueCard => ({
  key,
  group: 'applications',
  list: `GET ${providerPaths.list(slug)}`,
  link: () => ({ screen, query: pending }),
  figures: (f) => f.applications[kind],
});

export const queueCards: readonly QueueCard[] = [
  application('doctors', 'doctors', 'doctors', 'doctor'),
  application('pharmacies', 'pharmacies', 'pharmacies', 'pharmacy'),
  application('hospitals', 'hospitals', 'hospitals', 'hospital'),
  application('medicalCenters', 'medical-centers', 'medical-center', 'medical_center'),
  application('companies', 'companies', 'company', 'company'),
  {
    key: 'licensesPending',
    group: 'licenses',
    list: `GET ${licensePaths.list}`,
    link: () => ({ screen: 'license', query: pending }),
    figures: (f) => f.licensesPending,
  },
  {
    key: 'licensesExpiring',
    group: 'licenses',
    list: `GET ${licensePaths.list}`,
    link: () => ({ screen: 'license', query: { status: 'approved', expiring: '30' } }),
    figures: (f) => ({ count: f.licensesExpiring.count, oldest: null, soonest: f.licensesExpiring.soonest }),
  },
  {
    key: 'changeRequests',
    group: 'requests',
    list: `GET ${changeRequestPaths.list}`,
    link: () => ({ screen: 'requests', query: { state: 'waiting' } }),
    figures: (f) => f.changeRequests,
  },
  // The platform's day, each opening its list filtered to the same set on the same local day (the count and the list's
  // total agree: test/modules/home/operations-lists.test.ts).
  {
    key: 'bookingsToday',
    group: 'platform',
    list: `GET ${appointmentPaths.list}`,
    link: (today) => ({ screen: 'appointments', query: { date: today, date_of: 'booked' } }),
    figures: (f) => ({ count: f.bookings.today, oldest: null }),
  },
  {
    key: 'cancellationsToday',
    group: 'platform',
    list: `GET ${appointmentPaths.list}`,
    link: (today) => ({ screen: 'appointments', query: { date: today, date_of: 'cancelled' } }),
    figures: (f) => ({ count: f.cancellationsToday, oldest: null }),
  },
  {
    key: 'failedNotifications',
    group: 'platform',
    list: `GET ${notificationPaths.list}`,
    link: () => ({ screen: 'notifications', query: { status: 'failed' } }),
    figures: (f) => f.failedNotifications,
  },
  {
    key: 'failedPaymentsToday',
    group: 'platform',
    list: `GET ${paymentAdminPaths.list}`,
    link: (today) => ({ screen: 'payments', query: { status: 'failed', date: today } }),
    figures: (f) => f.failedPaymentsToday,
  },
];

/** The figures at the whole minute of `now` (the page cache keeps a minute's answer). */
const wholeMinute = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();

export function createOperationsService(db: Database, timeZone: string, clock: Clock) {
  return {
    /** The cards `allows` lets the admin open, with the like-for-like trends. */
    async overview(allows: (permission: Permission) => boolean): Promise<OperationsHome> {
      const asOf = wholeMinute(clock());
      const f = await operationsRepository.figures(db, timeZone, asOf);
      const today = localDate(timeZone, new Date(asOf));
      const queues = queueCards
        .filter((card) => {
          const permission = routePermission(card.list);
          return permission !== undefined && allows(permission);
        })
        .map((card) => {
          const { count, oldest, soonest = null } = card.figures(f);
          return {
            key: card.key,
            group: card.group,
            count,
            oldest_at: count ? oldest : null,
            soonest_on: soonest,
            link: card.link?.(today) ?? null,
          };
        });
      return {
        as_of: asOf,
        time_zone: timeZone,
        queues,
        trends: {
          new_users: trendOf(f.users.today, f.users.yesterday),
          bookings: trendOf(f.bookings.today, f.bookings.yesterday),
          revenue: trendOf(f.revenue.today, f.revenue.yesterday),
        },
      };
    },
  };
}
