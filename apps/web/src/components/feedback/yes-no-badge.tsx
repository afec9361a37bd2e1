import { useTranslation } from 'react-i18next';
import { Check, Minus, X } from 'lucide-react';

/**
 * A translated yes/no badge for a boolean column; `noTone` 'warning' marks a "no" that needs attention.
 * The icon repeats the word so the value does not rest on colour alone.
 */
export function YesNoBadge({ value, noTone = 'neutral' }: { value: boolean; noTone?: 'neutral' | 'warning' }) {
  const { t } = useTranslation();
  const tone = value ? 'bg-teal-100 text-teal-800' : noTone === 'warning' ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-600';
  const Icon = value ? Check : noTone === 'warning' ? X : Minus;
  return (
    <span className={`badge gap-1 ${tone}`}>
      <Icon aria-hidden className="size-3.5 shrink-0" />
      {value ? t('common:yes') : t('common:no')}
    </span>
  );
}
