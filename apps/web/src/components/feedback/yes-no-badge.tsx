import { useTranslation } from 'react-i18next';

/** A translated yes/no badge for a boolean column; `noTone` 'warning' marks a "no" that needs attention. */
export function YesNoBadge({ value, noTone = 'neutral' }: { value: boolean; noTone?: 'neutral' | 'warning' }) {
  const { t } = useTranslation();
  const tone = value ? 'bg-teal-100 text-teal-800' : noTone === 'warning' ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-600';
  return <span className={`badge ${tone}`}>{value ? t('common:yes') : t('common:no')}</span>;
}
