import type { ResourceSummary } from '../components/resource/resource';
import { specialities } from './specialities';
import { pharmacyCategories } from './pharmacy-categories';
import { institutionTypes } from './institution-types';
import { countries } from './countries';
import { cities } from './cities';
import { states } from './states';
import { homeAds } from './home-ads';
import { subscriptionPlans } from './subscription-plans';

/**
 * Every declared resource, by name. Screens import the one declaration they show (each screen is its
 * own chunk); this list is for what looks at all of them at once: tests, and later roles
 * (which actions an admin may take on which resource).
 */
export const catalogs = { specialities, pharmacyCategories, institutionTypes, countries, cities, states, homeAds };

export const registry: Record<string, ResourceSummary> = { ...catalogs, subscriptionPlans };
