/**
 * The dashboard's own texts, read from its i18n files (apps/web/src/i18n/<lng>/<namespace>.ts and the
 * contract's validation messages): texts the specification does not mandate are keyed once, there.
 * Texts the specification mandates stay as literal copies in the tests (support/texts.ts).
 */
import { validationMessages } from '@sehha/contract/validation-messages';
import adminsEn from '../../apps/web/src/i18n/en/admins';
import adminsAr from '../../apps/web/src/i18n/ar/admins';
import appointmentsEn from '../../apps/web/src/i18n/en/appointments';
import appointmentsAr from '../../apps/web/src/i18n/ar/appointments';
import auditLogsEn from '../../apps/web/src/i18n/en/audit-logs';
import auditLogsAr from '../../apps/web/src/i18n/ar/audit-logs';
import dataRequestsEn from '../../apps/web/src/i18n/en/data-requests';
import dataRequestsAr from '../../apps/web/src/i18n/ar/data-requests';
import accessLogsEn from '../../apps/web/src/i18n/en/access-logs';
import accessLogsAr from '../../apps/web/src/i18n/ar/access-logs';
import notificationsEn from '../../apps/web/src/i18n/en/notifications';
import notificationsAr from '../../apps/web/src/i18n/ar/notifications';
import bulkEn from '../../apps/web/src/i18n/en/bulk';
import bulkAr from '../../apps/web/src/i18n/ar/bulk';
import authEn from '../../apps/web/src/i18n/en/auth';
import authAr from '../../apps/web/src/i18n/ar/auth';
import pharmacyCategoriesEn from '../../apps/web/src/i18n/en/pharmacy-categories';
import pharmacyCategoriesAr from '../../apps/web/src/i18n/ar/pharmacy-categories';
import commonEn from '../../apps/web/src/i18n/en/common';
import reviewQueueEn from '../../apps/web/src/i18n/en/review-queue';
import reviewQueueAr from '../../apps/web/src/i18n/ar/review-queue';
import commonAr from '../../apps/web/src/i18n/ar/common';
import homeAdsEn from '../../apps/web/src/i18n/en/home-ads';
import homeAdsAr from '../../apps/web/src/i18n/ar/home-ads';
import homeEn from '../../apps/web/src/i18n/en/home';
import homeAr from '../../apps/web/src/i18n/ar/home';
import locationsEn from '../../apps/web/src/i18n/en/locations';
import locationsAr from '../../apps/web/src/i18n/ar/locations';
import navEn from '../../apps/web/src/i18n/en/nav';
import navAr from '../../apps/web/src/i18n/ar/nav';
import paletteEn from '../../apps/web/src/i18n/en/palette';
import paletteAr from '../../apps/web/src/i18n/ar/palette';
import prescriptionsEn from '../../apps/web/src/i18n/en/prescriptions';
import prescriptionsAr from '../../apps/web/src/i18n/ar/prescriptions';
import providersEn from '../../apps/web/src/i18n/en/providers';
import providersAr from '../../apps/web/src/i18n/ar/providers';
import changeRequestsEn from '../../apps/web/src/i18n/en/change-requests';
import changeRequestsAr from '../../apps/web/src/i18n/ar/change-requests';
import screensEn from '../../apps/web/src/i18n/en/screens';
import screensAr from '../../apps/web/src/i18n/ar/screens';
import securityEn from '../../apps/web/src/i18n/en/security';
import securityAr from '../../apps/web/src/i18n/ar/security';
import specialitiesEn from '../../apps/web/src/i18n/en/specialities';
import specialitiesAr from '../../apps/web/src/i18n/ar/specialities';
import subscriptionPlansEn from '../../apps/web/src/i18n/en/subscription-plans';
import subscriptionPlansAr from '../../apps/web/src/i18n/ar/subscription-plans';
import institutionTypesEn from '../../apps/web/src/i18n/en/institution-types';
import institutionTypesAr from '../../apps/web/src/i18n/ar/institution-types';
import userSubscriptionsEn from '../../apps/web/src/i18n/en/user-subscriptions';
import userSubscriptionsAr from '../../apps/web/src/i18n/ar/user-subscriptions';
import paymentsEn from '../../apps/web/src/i18n/en/payments';
import paymentsAr from '../../apps/web/src/i18n/ar/payments';
import usersEn from '../../apps/web/src/i18n/en/users';
import usersAr from '../../apps/web/src/i18n/ar/users';
import type { Lng } from './env';

type Messages = { [key: string]: string | Messages };

const bundles: Record<Lng, Record<string, Messages>> = {
  en: {
    admins: adminsEn,
    appointments: appointmentsEn,
    'audit-logs': auditLogsEn,
    'data-requests': dataRequestsEn,
    'access-logs': accessLogsEn,
    notifications: notificationsEn,
    auth: authEn,
    bulk: bulkEn,
    'pharmacy-categories': pharmacyCategoriesEn,
    common: commonEn,
    'home-ads': homeAdsEn,
    home: homeEn,
    locations: locationsEn,
    nav: navEn,
    palette: paletteEn,
    prescriptions: prescriptionsEn,
    providers: providersEn,
    'review-queue': reviewQueueEn,
    'change-requests': changeRequestsEn,
    screens: screensEn,
    security: securityEn,
    specialities: specialitiesEn,
    'subscription-plans': subscriptionPlansEn,
    'institution-types': institutionTypesEn,
    'user-subscriptions': userSubscriptionsEn,
    payments: paymentsEn,
    users: usersEn,
    validation: validationMessages.en,
  },
  ar: {
    admins: adminsAr,
    appointments: appointmentsAr,
    'audit-logs': auditLogsAr,
    'data-requests': dataRequestsAr,
    'access-logs': accessLogsAr,
    notifications: notificationsAr,
    auth: authAr,
    bulk: bulkAr,
    'pharmacy-categories': pharmacyCategoriesAr,
    common: commonAr,
    'home-ads': homeAdsAr,
    home: homeAr,
    locations: locationsAr,
    nav: navAr,
    palette: paletteAr,
    prescriptions: prescriptionsAr,
    providers: providersAr,
    'review-queue': reviewQueueAr,
    'change-requests': changeRequestsAr,
    screens: screensAr,
    security: securityAr,
    specialities: specialitiesAr,
    'subscription-plans': subscriptionPlansAr,
    'institution-types': institutionTypesAr,
    'user-subscriptions': userSubscriptionsAr,
    payments: paymentsAr,
    users: usersAr,
    validation: validationMessages.ar,
  },
};

function lookUp(lng: Lng, path: string): string | undefined {
  const [namespace = '', keys = ''] = path.includes(':') ? path.split(':', 2) : ['common', path];
  let node: string | Messages | undefined = bundles[lng][namespace];
  for (const key of keys.split('.')) node = typeof node === 'object' ? node[key] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * The text the dashboard shows for `key` ('namespace:path.to.key', namespace `common` by default), with
 * `{{name}}` filled from `values` and, given `count`, the plural form i18next would pick.
 */
export function appText(lng: Lng, key: string, values: Record<string, string | number> = {}): string {
  let text: string | undefined;
  if (typeof values.count === 'number') {
    const count = values.count;
    text =
      (count === 0 ? lookUp(lng, `${key}_zero`) : undefined) ??
      lookUp(lng, `${key}_${new Intl.PluralRules(lng).select(count)}`) ??
      lookUp(lng, `${key}_other`);
  }
  text ??= lookUp(lng, key);
  if (text === undefined) throw new Error(`No ${lng} text for ${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? written(lng, name, values[name]!) : match));
}

/** A value as the dashboard writes it into a message: numbers in the language's digits, ids ungrouped (i18n/number-formatter.ts). */
function written(lng: Lng, name: string, value: string | number): string {
  if (typeof value !== 'number') return value;
  return new Intl.NumberFormat(lng === 'ar' ? 'ar-EG' : 'en-US', /id$/i.test(name) ? { useGrouping: false } : {}).format(value);
}

/** `appText` as a whole-text pattern, each `{{name}}` not in `values` matching any text. */
export function appTextPattern(lng: Lng, key: string, values: Record<string, string | number> = {}): RegExp {
  const text = appText(lng, key, values);
  return new RegExp(
    `^${text
      .split(/\{\{\s*\w+\s*\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}
