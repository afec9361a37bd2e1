import { subscriptionPlanPaths } from '@sehha/contract/subscription-plans';
import type { ResourceSummary } from '../components/resource/resource';
import { paths } from '../config/paths';

/**
 * Subscription plans: shown as cards (features/subscription-plans), not by the generic list, so only
 * their names, calls and routes are declared here: `?mode=add` is the add form, `?edit={id}` the edit screen.
 */
export const subscriptionPlans = {
  name: 'subscription-plans',
  texts: { ns: 'subscription-plans' },
  routes: { list: paths.subscription.path, form: `${paths.subscription.path}?mode=add` },
  paths: subscriptionPlanPaths,
  actions: ['create', 'edit', 'delete'],
} satisfies ResourceSummary;

export const planEditRoute = (id: number) => `${subscriptionPlans.routes.list}?edit=${id}`;
