import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarDays, Check, FileText, Pencil, Trash2, Users } from 'lucide-react';
import type { Plan } from '@sehha/contract/subscription-plans';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import type { Language } from '../../lib/language';
import { localName, localText } from '../../lib/local-name';

/** Without `editTo` / `onDelete` (a role that may not manage plans) the card has no such button. */
type PlanCardProps = { plan: Plan; lng: Language; editTo?: string | undefined; onDelete?: ((plan: Plan) => void) | undefined };

/** One plan: name, price per period in the plan's currency, features, date and description. */
export function PlanCard({ plan, lng, editTo, onDelete }: PlanCardProps) {
  const { t } = useTranslation('subscription-plans');
  const name = localName(plan, lng);
  const description = localText(plan, 'description', lng);
  const period = t(`period.${plan.period_unit}`, { count: plan.period_length, n: formatNumber(plan.period_length, lng) });
  const titleId = `plan-${plan.id}-title`;

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <header className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {name}
        </h2>
        <p className="flex flex-wrap items-baseline gap-1">
          <span className="text-3xl font-bold text-teal-700">{formatMoney(plan.price, lng)}</span>
          <span className="text-slate-600">{t('pricePerPeriod', { period })}</span>
        </p>
        <p className="text-sm text-slate-600">{t('perMember', { period })}</p>
      </header>
      <ul className="flex flex-col gap-2" aria-label={t('features')}>
        {plan.features.map((feature) => (
          <li key={feature.id} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-teal-700" />
            <span>{localText(feature, 'title', lng)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto flex flex-col gap-1 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <p className="flex items-start gap-2">
          <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{plan.available_from ? t('availableFromDate', { date: formatDate(plan.available_from, lng) }) : t('noDate')}</span>
        </p>
        <p className="flex items-start gap-2">
          <FileText aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{description || t('noDescription')}</span>
        </p>
        <p className="flex items-start gap-2 text-xs text-slate-600">
          <Users aria-hidden className="size-4 shrink-0" />
          <span>{t('subscriptions', { count: plan.subscriptions_count, n: formatNumber(plan.subscriptions_count, lng) })}</span>
        </p>
      </div>
      <div className="flex gap-3">
        {editTo && (
          <Link to={editTo} className="btn-secondary gap-2" aria-label={t('editPlan', { name })}>
            <Pencil aria-hidden className="size-4" />
            {t('common:edit')}
          </Link>
        )}
        {onDelete && (
          <button type="button" className="btn-danger gap-2" aria-label={t('deletePlan', { name })} onClick={() => onDelete(plan)}>
            <Trash2 aria-hidden className="size-4" />
            {t('common:delete')}
          </button>
        )}
      </div>
    </article>
  );
}
